-- Sample posts for a fresh local database: Arabic and English, published, scheduled and draft. Two posts
-- exist in both languages (same translation_group), so the language toggle, hreflang and the sitemap's
-- alternates have real translations to show; the others exist in one language only.
-- Loaded by `supabase db reset` on a local Supabase stack and by the embedded server when it creates
-- a new database. No accounts are seeded: administrators are created by the operator.

insert into public.blog_posts
  (slug, title, excerpt, content, category, country, read_time, is_popular, published, hero_image_url, created_at,
   language, published_at, translation_group, hero_image_alt, meta_title, meta_description)
values
(
  'اتجاهات-سوق-العقارات-في-الإمارات-2025',
  'اتجاهات سوق العقارات في الإمارات 2025',
  'نظرة على الطلب والأسعار والمناطق الأكثر نموًا في دبي وأبوظبي، وما يعنيه ذلك لفرق المبيعات العقارية.',
  '<h2>سوق يواصل النمو</h2><p>سجّلت دبي وأبوظبي أحجام صفقات قياسية مدفوعة بالطلب من المستثمرين الدوليين والمقيمين الجدد.</p><h2>أين يتركز الطلب؟</h2><ul><li>دبي مارينا ووسط المدينة للشقق الفاخرة</li><li>قرية جميرا الدائرية للعائد الإيجاري</li><li>جزيرة الريم في أبوظبي للعائلات</li></ul><p>الفرق التي ترد على العملاء المحتملين خلال دقائق تحوّل نسبة أعلى منهم إلى معاينات.</p>',
  'Market Analysis', 'UAE', '6 دقائق قراءة', true, true, '/images/blog/uae-market-2025.png', now() - interval '2 days', 'ar', now() - interval '2 days',
  '3b0d7a52-5f0e-4c8e-9a61-2f1d3c4b5a01', 'رسم لأفق مدينة دبي بالأبراج فوق خط بياني صاعد',
  'اتجاهات سوق العقارات في الإمارات 2025: الطلب والأسعار والمناطق',
  'أين يتركز الطلب في دبي وأبوظبي عام 2025، وكيف تستعد فرق المبيعات العقارية له.'
),
(
  'uae-real-estate-market-trends-2025',
  'UAE real-estate market trends for 2025',
  'Demand, prices and the fastest-growing areas of Dubai and Abu Dhabi, and what they mean for sales teams.',
  '<h2>A market that keeps growing</h2><p>Dubai and Abu Dhabi recorded record transaction volumes, driven by international investors and new residents.</p><h2>Where demand is concentrated</h2><ul><li>Dubai Marina and Downtown for luxury apartments</li><li>Jumeirah Village Circle for rental yield</li><li>Al Reem Island in Abu Dhabi for families</li></ul><p>Teams that answer new leads within minutes turn more of them into viewings.</p>',
  'Market Analysis', 'UAE', '6 min read', true, true, '/images/blog/uae-market-2025.png', now() - interval '2 days', 'en', now() - interval '1 day',
  '3b0d7a52-5f0e-4c8e-9a61-2f1d3c4b5a01', 'Illustration of the Dubai skyline above a rising line chart',
  null, null
),
(
  'أفضل-ممارسات-أتمتة-المبيعات-بالذكاء-الاصطناعي',
  'أفضل ممارسات أتمتة المبيعات بالذكاء الاصطناعي للوسطاء',
  'كيف تستخدم الذكاء الاصطناعي لمتابعة كل عميل محتمل في الوقت المناسب دون أن تفقد اللمسة الشخصية.',
  '<p>المتابعة السريعة هي الفرق بين صفقة مغلقة وعميل ذهب إلى منافس. تساعد الأتمتة على:</p><ol><li>الرد الفوري على الاستفسارات عبر واتساب والبريد</li><li>ترتيب العملاء حسب الجدية والميزانية</li><li>تذكير الوكيل بالمكالمة التالية</li></ol><p>ابدأ بمسار واحد، وقِس النتائج أسبوعيًا، ثم وسّع.</p>',
  'AI & Automation', 'Global', '5 دقائق قراءة', false, true, null, now() - interval '5 days', 'ar', now() - interval '5 days',
  gen_random_uuid(), null, null, null
),
(
  'dubai-off-plan-investment-guide',
  'A practical guide to off-plan investment in Dubai',
  'Payment plans, escrow rules and handover risk: what buyers ask and how your team should answer.',
  '<h2>Why off-plan keeps selling</h2><p>Developers offer post-handover payment plans that spread the cost over several years.</p><h2>What buyers worry about</h2><ul><li>Escrow protection under RERA</li><li>Handover delays</li><li>Resale before completion</li></ul><p>Agents who answer these questions in the first conversation book more viewings.</p>',
  'Real Estate', 'UAE', '7 min read', true, true, '/images/blog/dubai-off-plan.png', now() - interval '8 days', 'en', now() - interval '8 days',
  '3b0d7a52-5f0e-4c8e-9a61-2f1d3c4b5a02', 'Illustration of a tower under construction beside a calendar of payment instalments',
  'Off-plan investment in Dubai: payment plans, escrow and handover',
  'What off-plan buyers in Dubai ask about payment plans, escrow and handover risk, and how agents should answer.'
),
(
  'دليل-الاستثمار-في-العقارات-على-الخارطة-في-دبي',
  'دليل عملي للاستثمار في العقارات على الخارطة في دبي',
  'خطط السداد وحسابات الضمان ومخاطر التسليم: ما يسأل عنه المشترون وكيف يجيب فريقك.',
  '<h2>لماذا يستمر الطلب على البيع على الخارطة؟</h2><p>يقدّم المطوّرون خطط سداد تمتد إلى ما بعد التسليم وتوزّع التكلفة على عدة سنوات.</p><h2>ما الذي يقلق المشترين؟</h2><ul><li>حماية الدفعات في حسابات الضمان وفق أنظمة ريرا</li><li>تأخر التسليم</li><li>إعادة البيع قبل اكتمال المشروع</li></ul><p>الوكلاء الذين يجيبون عن هذه الأسئلة في المحادثة الأولى يحجزون معاينات أكثر.</p>',
  'Real Estate', 'UAE', '7 دقائق قراءة', true, true, '/images/blog/dubai-off-plan.png', now() - interval '7 days', 'ar', now() - interval '7 days',
  '3b0d7a52-5f0e-4c8e-9a61-2f1d3c4b5a02', 'رسم لبرج قيد الإنشاء بجانب تقويم لدفعات السداد',
  null, null
),
(
  'speed-to-lead-canadian-brokerages',
  'Speed to lead: what Canadian brokerages learned in 2025',
  'Teams in Toronto and Vancouver that answered web leads within five minutes doubled their appointment rate.',
  '<p>Lead response time remains the strongest predictor of conversion for brokerages.</p><h2>Three habits that worked</h2><ol><li>Instant acknowledgement by text</li><li>A qualifying question before the first call</li><li>Follow-up on day 1, 3 and 7</li></ol>',
  'Sales', 'Canada', '4 min read', false, true, null, now() - interval '12 days', 'en', now() - interval '12 days',
  gen_random_uuid(), null, null, null
),
(
  'أسئلة-المشترين-قبل-المعاينة',
  'عشرة أسئلة يطرحها المشترون قبل المعاينة',
  'مقال مجدول: جهّز فريقك بإجابات واضحة عن الرسوم والخدمات وموعد التسليم قبل أن يصل العميل.',
  '<p>يسأل المشترون عن رسوم الخدمات، ونسبة الإشغال، وموعد التسليم، وإمكانية التمويل. جهّز الإجابات مسبقًا.</p>',
  'Sales', 'UAE', '4 دقائق قراءة', false, true, null, now() - interval '1 day', 'ar', now() + interval '7 days',
  gen_random_uuid(), null, null, null
),
(
  'crm-integration-checklist',
  'CRM integration checklist for real-estate teams',
  'Before you connect Salesforce, HubSpot or Zoho to an automation tool, check these eight points.',
  '<p>Draft: field mapping, duplicate rules, consent flags, ownership, pipelines, webhooks, rate limits, reporting.</p>',
  'Technology', 'Global', '3 min read', false, false, null, now() - interval '1 day', 'en', null,
  gen_random_uuid(), null, null, null
),
(
  'دليل-متابعة-العملاء-عبر-واتساب',
  'دليل متابعة العملاء عبر واتساب',
  'مسودة: قوالب رسائل وتوقيتات مقترحة لمتابعة العملاء المحتملين في السوق الخليجي.',
  '<p>مسودة قيد الإعداد: قوالب الترحيب، رسائل ما بعد المعاينة، والتذكير قبل انتهاء العرض.</p>',
  'Sales', 'UAE', '3 دقائق قراءة', false, false, null, now() - interval '3 hours', 'ar', null,
  gen_random_uuid(), null, null, null
)
on conflict (language, slug) do nothing;
