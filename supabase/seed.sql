-- Sample posts for a fresh local database (Arabic and English, published and draft).
-- Loaded by `supabase db reset` on a local Supabase stack and by the embedded server when it creates
-- a new database. No accounts are seeded: administrators are created by the operator.

insert into public.blog_posts
  (slug, title, excerpt, content, category, country, read_time, is_popular, published, hero_image_url, created_at,
   language, published_at)
values
(
  'اتجاهات-سوق-العقارات-في-الإمارات-2025',
  'اتجاهات سوق العقارات في الإمارات 2025',
  'نظرة على الطلب والأسعار والمناطق الأكثر نموًا في دبي وأبوظبي، وما يعنيه ذلك لفرق المبيعات العقارية.',
  '<h2>سوق يواصل النمو</h2><p>سجّلت دبي وأبوظبي أحجام صفقات قياسية مدفوعة بالطلب من المستثمرين الدوليين والمقيمين الجدد.</p><h2>أين يتركز الطلب؟</h2><ul><li>دبي مارينا ووسط المدينة للشقق الفاخرة</li><li>قرية جميرا الدائرية للعائد الإيجاري</li><li>جزيرة الريم في أبوظبي للعائلات</li></ul><p>الفرق التي ترد على العملاء المحتملين خلال دقائق تحوّل نسبة أعلى منهم إلى معاينات.</p>',
  'Market Analysis', 'UAE', '6 دقائق قراءة', true, true, null, now() - interval '2 days', 'ar', now() - interval '2 days'
),
(
  'أفضل-ممارسات-أتمتة-المبيعات-بالذكاء-الاصطناعي',
  'أفضل ممارسات أتمتة المبيعات بالذكاء الاصطناعي للوسطاء',
  'كيف تستخدم الذكاء الاصطناعي لمتابعة كل عميل محتمل في الوقت المناسب دون أن تفقد اللمسة الشخصية.',
  '<p>المتابعة السريعة هي الفرق بين صفقة مغلقة وعميل ذهب إلى منافس. تساعد الأتمتة على:</p><ol><li>الرد الفوري على الاستفسارات عبر واتساب والبريد</li><li>ترتيب العملاء حسب الجدية والميزانية</li><li>تذكير الوكيل بالمكالمة التالية</li></ol><p>ابدأ بمسار واحد، وقِس النتائج أسبوعيًا، ثم وسّع.</p>',
  'AI & Automation', 'Global', '5 دقائق قراءة', false, true, null, now() - interval '5 days', 'ar', now() - interval '5 days'
),
(
  'dubai-off-plan-investment-guide',
  'A practical guide to off-plan investment in Dubai',
  'Payment plans, escrow rules and handover risk: what buyers ask and how your team should answer.',
  '<h2>Why off-plan keeps selling</h2><p>Developers offer post-handover payment plans that spread the cost over several years.</p><h2>What buyers worry about</h2><ul><li>Escrow protection under RERA</li><li>Handover delays</li><li>Resale before completion</li></ul><p>Agents who answer these questions in the first conversation book more viewings.</p>',
  'Real Estate', 'UAE', '7 min read', true, true, null, now() - interval '8 days', 'en', now() - interval '8 days'
),
(
  'speed-to-lead-canadian-brokerages',
  'Speed to lead: what Canadian brokerages learned in 2025',
  'Teams in Toronto and Vancouver that answered web leads within five minutes doubled their appointment rate.',
  '<p>Lead response time remains the strongest predictor of conversion for brokerages.</p><h2>Three habits that worked</h2><ol><li>Instant acknowledgement by text</li><li>A qualifying question before the first call</li><li>Follow-up on day 1, 3 and 7</li></ol>',
  'Sales', 'Canada', '4 min read', false, true, null, now() - interval '12 days', 'en', now() - interval '12 days'
),
(
  'crm-integration-checklist',
  'CRM integration checklist for real-estate teams',
  'Before you connect Salesforce, HubSpot or Zoho to an automation tool, check these eight points.',
  '<p>Draft: field mapping, duplicate rules, consent flags, ownership, pipelines, webhooks, rate limits, reporting.</p>',
  'Technology', 'Global', '3 min read', false, false, null, now() - interval '1 day', 'en', null
),
(
  'دليل-متابعة-العملاء-عبر-واتساب',
  'دليل متابعة العملاء عبر واتساب',
  'مسودة: قوالب رسائل وتوقيتات مقترحة لمتابعة العملاء المحتملين في السوق الخليجي.',
  '<p>مسودة قيد الإعداد: قوالب الترحيب، رسائل ما بعد المعاينة، والتذكير قبل انتهاء العرض.</p>',
  'Sales', 'UAE', '3 دقائق قراءة', false, false, null, now() - interval '3 hours', 'ar', null
)
on conflict (language, slug) do nothing;
