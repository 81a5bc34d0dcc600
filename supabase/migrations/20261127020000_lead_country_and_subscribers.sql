-- Lead data that staff can trust (docs/leads.md): the lead's real country, newsletter subscribers
-- apart from sales leads, and phone search in any form.
--
--   leads.country_code          ISO 3166-1 alpha-2, set by the database from each submission
--                               (public.lead_country_code), the latest known one kept; backfilled.
--   leads.phone_digits_reversed phone_digits backwards, indexed: "ends with these digits" is a prefix
--                               match the index answers (the inbox's phone search).
--   public.lead_kind()          'subscriber' (only newsletter sign-ups) or 'lead'. A subscriber is never
--                               overdue and is counted apart on the dashboard; the day they send a sales
--                               or booking form they become a lead, new, their 24 hours counted from it.
--
-- The country name and dial-code lists below were generated from libphonenumber-js 1.x metadata
-- (getCountries, getCountryCallingCode) and Node 24's ICU region names in English and Arabic.

-- ------------------------------------------------------------------------------------ countries
-- The country a calling code belongs to ("971" → AE), for the codes that name one country only. Codes
-- several countries share (+1, +7, +44, +61, …) give null: the number alone does not say which.
create function public.country_code_from_dial(p_digits text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select v.iso
  from (values
      ('20','EG'), ('27','ZA'), ('30','GR'), ('31','NL'), ('32','BE'), ('33','FR'), ('34','ES'), ('36','HU'),
      ('40','RO'), ('41','CH'), ('43','AT'), ('45','DK'), ('46','SE'), ('48','PL'), ('49','DE'), ('51','PE'),
      ('52','MX'), ('53','CU'), ('54','AR'), ('55','BR'), ('56','CL'), ('57','CO'), ('58','VE'), ('60','MY'),
      ('62','ID'), ('63','PH'), ('64','NZ'), ('65','SG'), ('66','TH'), ('81','JP'), ('82','KR'), ('84','VN'),
      ('86','CN'), ('90','TR'), ('91','IN'), ('92','PK'), ('93','AF'), ('94','LK'), ('95','MM'), ('98','IR'),
      ('211','SS'), ('213','DZ'), ('216','TN'), ('218','LY'), ('220','GM'), ('221','SN'), ('222','MR'), ('223','ML'),
      ('224','GN'), ('225','CI'), ('226','BF'), ('227','NE'), ('228','TG'), ('229','BJ'), ('230','MU'), ('231','LR'),
      ('232','SL'), ('233','GH'), ('234','NG'), ('235','TD'), ('236','CF'), ('237','CM'), ('238','CV'), ('239','ST'),
      ('240','GQ'), ('241','GA'), ('242','CG'), ('243','CD'), ('244','AO'), ('245','GW'), ('246','IO'), ('247','AC'),
      ('248','SC'), ('249','SD'), ('250','RW'), ('251','ET'), ('252','SO'), ('253','DJ'), ('254','KE'), ('255','TZ'),
      ('256','UG'), ('257','BI'), ('258','MZ'), ('260','ZM'), ('261','MG'), ('263','ZW'), ('264','NA'), ('265','MW'),
      ('266','LS'), ('267','BW'), ('268','SZ'), ('269','KM'), ('291','ER'), ('297','AW'), ('298','FO'), ('299','GL'),
      ('350','GI'), ('351','PT'), ('352','LU'), ('353','IE'), ('354','IS'), ('355','AL'), ('356','MT'), ('357','CY'),
      ('359','BG'), ('370','LT'), ('371','LV'), ('372','EE'), ('373','MD'), ('374','AM'), ('375','BY'), ('376','AD'),
      ('377','MC'), ('378','SM'), ('380','UA'), ('381','RS'), ('382','ME'), ('383','XK'), ('385','HR'), ('386','SI'),
      ('387','BA'), ('389','MK'), ('420','CZ'), ('421','SK'), ('423','LI'), ('500','FK'), ('501','BZ'), ('502','GT'),
      ('503','SV'), ('504','HN'), ('505','NI'), ('506','CR'), ('507','PA'), ('508','PM'), ('509','HT'), ('591','BO'),
      ('592','GY'), ('593','EC'), ('594','GF'), ('595','PY'), ('596','MQ'), ('597','SR'), ('598','UY'), ('670','TL'),
      ('672','NF'), ('673','BN'), ('674','NR'), ('675','PG'), ('676','TO'), ('677','SB'), ('678','VU'), ('679','FJ'),
      ('680','PW'), ('681','WF'), ('682','CK'), ('683','NU'), ('685','WS'), ('686','KI'), ('687','NC'), ('688','TV'),
      ('689','PF'), ('690','TK'), ('691','FM'), ('692','MH'), ('850','KP'), ('852','HK'), ('853','MO'), ('855','KH'),
      ('856','LA'), ('880','BD'), ('886','TW'), ('960','MV'), ('961','LB'), ('962','JO'), ('963','SY'), ('964','IQ'),
      ('965','KW'), ('966','SA'), ('967','YE'), ('968','OM'), ('970','PS'), ('971','AE'), ('972','IL'), ('973','BH'),
      ('974','QA'), ('975','BT'), ('976','MN'), ('977','NP'), ('992','TJ'), ('993','TM'), ('994','AZ'), ('995','GE'),
      ('996','KG'), ('998','UZ')
  ) as v(dial, iso)
  where v.dial in (left(p_digits, 1), left(p_digits, 2), left(p_digits, 3))
  limit 1;
$$;

-- The country a name names, in English or Arabic, any case ("Canada", "كندا", "UAE"), or null.
create function public.country_code_from_name(p_name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select v.iso
  from (values
      ('andorra','AD'), ('united arab emirates','AE'), ('afghanistan','AF'), ('antigua & barbuda','AG'),
      ('anguilla','AI'), ('albania','AL'), ('armenia','AM'), ('angola','AO'),
      ('argentina','AR'), ('american samoa','AS'), ('austria','AT'), ('australia','AU'),
      ('aruba','AW'), ('åland islands','AX'), ('azerbaijan','AZ'), ('bosnia & herzegovina','BA'),
      ('barbados','BB'), ('bangladesh','BD'), ('belgium','BE'), ('burkina faso','BF'),
      ('bulgaria','BG'), ('bahrain','BH'), ('burundi','BI'), ('benin','BJ'),
      ('st. barthélemy','BL'), ('bermuda','BM'), ('brunei','BN'), ('bolivia','BO'),
      ('caribbean netherlands','BQ'), ('brazil','BR'), ('bahamas','BS'), ('bhutan','BT'),
      ('botswana','BW'), ('belarus','BY'), ('belize','BZ'), ('canada','CA'),
      ('cocos (keeling) islands','CC'), ('congo - kinshasa','CD'), ('central african republic','CF'), ('congo - brazzaville','CG'),
      ('switzerland','CH'), ('côte d’ivoire','CI'), ('cook islands','CK'), ('chile','CL'),
      ('cameroon','CM'), ('china','CN'), ('colombia','CO'), ('costa rica','CR'),
      ('cuba','CU'), ('cape verde','CV'), ('curaçao','CW'), ('christmas island','CX'),
      ('cyprus','CY'), ('czechia','CZ'), ('germany','DE'), ('djibouti','DJ'),
      ('denmark','DK'), ('dominica','DM'), ('dominican republic','DO'), ('algeria','DZ'),
      ('ecuador','EC'), ('estonia','EE'), ('egypt','EG'), ('western sahara','EH'),
      ('eritrea','ER'), ('spain','ES'), ('ethiopia','ET'), ('finland','FI'),
      ('fiji','FJ'), ('falkland islands','FK'), ('micronesia','FM'), ('faroe islands','FO'),
      ('france','FR'), ('gabon','GA'), ('united kingdom','GB'), ('grenada','GD'),
      ('georgia','GE'), ('french guiana','GF'), ('guernsey','GG'), ('ghana','GH'),
      ('gibraltar','GI'), ('greenland','GL'), ('gambia','GM'), ('guinea','GN'),
      ('guadeloupe','GP'), ('equatorial guinea','GQ'), ('greece','GR'), ('guatemala','GT'),
      ('guam','GU'), ('guinea-bissau','GW'), ('guyana','GY'), ('hong kong sar china','HK'),
      ('honduras','HN'), ('croatia','HR'), ('haiti','HT'), ('hungary','HU'),
      ('indonesia','ID'), ('ireland','IE'), ('israel','IL'), ('isle of man','IM'),
      ('india','IN'), ('british indian ocean territory','IO'), ('iraq','IQ'), ('iran','IR'),
      ('iceland','IS'), ('italy','IT'), ('jersey','JE'), ('jamaica','JM'),
      ('jordan','JO'), ('japan','JP'), ('kenya','KE'), ('kyrgyzstan','KG'),
      ('cambodia','KH'), ('kiribati','KI'), ('comoros','KM'), ('st. kitts & nevis','KN'),
      ('north korea','KP'), ('south korea','KR'), ('kuwait','KW'), ('cayman islands','KY'),
      ('kazakhstan','KZ'), ('laos','LA'), ('lebanon','LB'), ('st. lucia','LC'),
      ('liechtenstein','LI'), ('sri lanka','LK'), ('liberia','LR'), ('lesotho','LS'),
      ('lithuania','LT'), ('luxembourg','LU'), ('latvia','LV'), ('libya','LY'),
      ('morocco','MA'), ('monaco','MC'), ('moldova','MD'), ('montenegro','ME'),
      ('st. martin','MF'), ('madagascar','MG'), ('marshall islands','MH'), ('north macedonia','MK'),
      ('mali','ML'), ('myanmar (burma)','MM'), ('mongolia','MN'), ('macao sar china','MO'),
      ('northern mariana islands','MP'), ('martinique','MQ'), ('mauritania','MR'), ('montserrat','MS'),
      ('malta','MT'), ('mauritius','MU'), ('maldives','MV'), ('malawi','MW'),
      ('mexico','MX'), ('malaysia','MY'), ('mozambique','MZ'), ('namibia','NA'),
      ('new caledonia','NC'), ('niger','NE'), ('norfolk island','NF'), ('nigeria','NG'),
      ('nicaragua','NI'), ('netherlands','NL'), ('norway','NO'), ('nepal','NP'),
      ('nauru','NR'), ('niue','NU'), ('new zealand','NZ'), ('oman','OM'),
      ('panama','PA'), ('peru','PE'), ('french polynesia','PF'), ('papua new guinea','PG'),
      ('philippines','PH'), ('pakistan','PK'), ('poland','PL'), ('st. pierre & miquelon','PM'),
      ('puerto rico','PR'), ('palestinian territories','PS'), ('portugal','PT'), ('palau','PW'),
      ('paraguay','PY'), ('qatar','QA'), ('réunion','RE'), ('romania','RO'),
      ('serbia','RS'), ('russia','RU'), ('rwanda','RW'), ('saudi arabia','SA'),
      ('solomon islands','SB'), ('seychelles','SC'), ('sudan','SD'), ('sweden','SE'),
      ('singapore','SG'), ('st. helena','SH'), ('slovenia','SI'), ('svalbard & jan mayen','SJ'),
      ('slovakia','SK'), ('sierra leone','SL'), ('san marino','SM'), ('senegal','SN'),
      ('somalia','SO'), ('suriname','SR'), ('south sudan','SS'), ('são tomé & príncipe','ST'),
      ('el salvador','SV'), ('sint maarten','SX'), ('syria','SY'), ('eswatini','SZ'),
      ('turks & caicos islands','TC'), ('chad','TD'), ('togo','TG'), ('thailand','TH'),
      ('tajikistan','TJ'), ('tokelau','TK'), ('timor-leste','TL'), ('turkmenistan','TM'),
      ('tunisia','TN'), ('tonga','TO'), ('türkiye','TR'), ('trinidad & tobago','TT'),
      ('tuvalu','TV'), ('taiwan','TW'), ('tanzania','TZ'), ('ukraine','UA'),
      ('uganda','UG'), ('united states','US'), ('uruguay','UY'), ('uzbekistan','UZ'),
      ('vatican city','VA'), ('st. vincent & grenadines','VC'), ('venezuela','VE'), ('british virgin islands','VG'),
      ('u.s. virgin islands','VI'), ('vietnam','VN'), ('vanuatu','VU'), ('wallis & futuna','WF'),
      ('samoa','WS'), ('yemen','YE'), ('mayotte','YT'), ('south africa','ZA'),
      ('zambia','ZM'), ('zimbabwe','ZW'), ('أندورا','AD'), ('الإمارات العربية المتحدة','AE'),
      ('أفغانستان','AF'), ('أنتيغوا وبربودا','AG'), ('أنغويلا','AI'), ('ألبانيا','AL'),
      ('أرمينيا','AM'), ('أنغولا','AO'), ('الأرجنتين','AR'), ('ساموا الأمريكية','AS'),
      ('النمسا','AT'), ('أستراليا','AU'), ('أروبا','AW'), ('جزر آلاند','AX'),
      ('أذربيجان','AZ'), ('البوسنة والهرسك','BA'), ('بربادوس','BB'), ('بنغلاديش','BD'),
      ('بلجيكا','BE'), ('بوركينا فاسو','BF'), ('بلغاريا','BG'), ('البحرين','BH'),
      ('بوروندي','BI'), ('بنين','BJ'), ('سان بارتليمي','BL'), ('برمودا','BM'),
      ('بروناي','BN'), ('بوليفيا','BO'), ('هولندا الكاريبية','BQ'), ('البرازيل','BR'),
      ('جزر البهاما','BS'), ('بوتان','BT'), ('بوتسوانا','BW'), ('بيلاروس','BY'),
      ('بليز','BZ'), ('كندا','CA'), ('جزر كوكوس (كيلينغ)','CC'), ('الكونغو - كينشاسا','CD'),
      ('جمهورية أفريقيا الوسطى','CF'), ('الكونغو - برازافيل','CG'), ('سويسرا','CH'), ('ساحل العاج','CI'),
      ('جزر كوك','CK'), ('تشيلي','CL'), ('الكاميرون','CM'), ('الصين','CN'),
      ('كولومبيا','CO'), ('كوستاريكا','CR'), ('كوبا','CU'), ('الرأس الأخضر','CV'),
      ('كوراساو','CW'), ('جزيرة كريسماس','CX'), ('قبرص','CY'), ('التشيك','CZ'),
      ('ألمانيا','DE'), ('جيبوتي','DJ'), ('الدانمرك','DK'), ('دومينيكا','DM'),
      ('جمهورية الدومينيكان','DO'), ('الجزائر','DZ'), ('الإكوادور','EC'), ('إستونيا','EE'),
      ('مصر','EG'), ('الصحراء الغربية','EH'), ('إريتريا','ER'), ('إسبانيا','ES'),
      ('إثيوبيا','ET'), ('فنلندا','FI'), ('فيجي','FJ'), ('جزر فوكلاند','FK'),
      ('ميكرونيزيا','FM'), ('جزر فارو','FO'), ('فرنسا','FR'), ('الغابون','GA'),
      ('المملكة المتحدة','GB'), ('غرينادا','GD'), ('جورجيا','GE'), ('غويانا الفرنسية','GF'),
      ('غيرنزي','GG'), ('غانا','GH'), ('جبل طارق','GI'), ('غرينلاند','GL'),
      ('غامبيا','GM'), ('غينيا','GN'), ('غوادلوب','GP'), ('غينيا الاستوائية','GQ'),
      ('اليونان','GR'), ('غواتيمالا','GT'), ('غوام','GU'), ('غينيا بيساو','GW'),
      ('غيانا','GY'), ('هونغ كونغ الصينية (منطقة إدارية خاصة)','HK'), ('هندوراس','HN'), ('كرواتيا','HR'),
      ('هايتي','HT'), ('هنغاريا','HU'), ('إندونيسيا','ID'), ('أيرلندا','IE'),
      ('إسرائيل','IL'), ('جزيرة مان','IM'), ('الهند','IN'), ('الإقليم البريطاني في المحيط الهندي','IO'),
      ('العراق','IQ'), ('إيران','IR'), ('آيسلندا','IS'), ('إيطاليا','IT'),
      ('جيرسي','JE'), ('جامايكا','JM'), ('الأردن','JO'), ('اليابان','JP'),
      ('كينيا','KE'), ('قيرغيزستان','KG'), ('كمبوديا','KH'), ('كيريباتي','KI'),
      ('جزر القمر','KM'), ('سانت كيتس ونيفيس','KN'), ('كوريا الشمالية','KP'), ('كوريا الجنوبية','KR'),
      ('الكويت','KW'), ('جزر كايمان','KY'), ('كازاخستان','KZ'), ('لاوس','LA'),
      ('لبنان','LB'), ('سانت لوسيا','LC'), ('ليختنشتاين','LI'), ('سريلانكا','LK'),
      ('ليبيريا','LR'), ('ليسوتو','LS'), ('ليتوانيا','LT'), ('لوكسمبورغ','LU'),
      ('لاتفيا','LV'), ('ليبيا','LY'), ('المغرب','MA'), ('موناكو','MC'),
      ('مولدوفا','MD'), ('الجبل الأسود','ME'), ('سان مارتن','MF'), ('مدغشقر','MG'),
      ('جزر مارشال','MH'), ('مقدونيا الشمالية','MK'), ('مالي','ML'), ('ميانمار (بورما)','MM'),
      ('منغوليا','MN'), ('منطقة ماكاو الإدارية الخاصة','MO'), ('جزر ماريانا الشمالية','MP'), ('جزر المارتينيك','MQ'),
      ('موريتانيا','MR'), ('مونتسرات','MS'), ('مالطا','MT'), ('موريشيوس','MU'),
      ('جزر المالديف','MV'), ('ملاوي','MW'), ('المكسيك','MX'), ('ماليزيا','MY'),
      ('موزمبيق','MZ'), ('ناميبيا','NA'), ('كاليدونيا الجديدة','NC'), ('النيجر','NE'),
      ('جزيرة نورفولك','NF'), ('نيجيريا','NG'), ('نيكاراغوا','NI'), ('هولندا','NL'),
      ('النرويج','NO'), ('نيبال','NP'), ('ناورو','NR'), ('نيوي','NU'),
      ('نيوزيلندا','NZ'), ('عُمان','OM'), ('بنما','PA'), ('بيرو','PE'),
      ('بولينيزيا الفرنسية','PF'), ('بابوا غينيا الجديدة','PG'), ('الفلبين','PH'), ('باكستان','PK'),
      ('بولندا','PL'), ('سان بيير ومكويلون','PM'), ('بورتوريكو','PR'), ('الأراضي الفلسطينية','PS'),
      ('البرتغال','PT'), ('بالاو','PW'), ('باراغواي','PY'), ('قطر','QA'),
      ('روينيون','RE'), ('رومانيا','RO'), ('صربيا','RS'), ('روسيا','RU'),
      ('رواندا','RW'), ('المملكة العربية السعودية','SA'), ('جزر سليمان','SB'), ('سيشل','SC'),
      ('السودان','SD'), ('السويد','SE'), ('سنغافورة','SG'), ('سانت هيلينا','SH'),
      ('سلوفينيا','SI'), ('سفالبارد وجان ماين','SJ'), ('سلوفاكيا','SK'), ('سيراليون','SL'),
      ('سان مارينو','SM'), ('السنغال','SN'), ('الصومال','SO'), ('سورينام','SR'),
      ('جنوب السودان','SS'), ('ساو تومي وبرينسيبي','ST'), ('السلفادور','SV'), ('سانت مارتن','SX'),
      ('سوريا','SY'), ('إسواتيني','SZ'), ('جزر توركس وكايكوس','TC'), ('تشاد','TD'),
      ('توغو','TG'), ('تايلاند','TH'), ('طاجيكستان','TJ'), ('توكيلاو','TK'),
      ('تيمور - ليشتي','TL'), ('تركمانستان','TM'), ('تونس','TN'), ('تونغا','TO'),
      ('تركيا','TR'), ('ترينيداد وتوباغو','TT'), ('توفالو','TV'), ('تايوان','TW'),
      ('تنزانيا','TZ'), ('أوكرانيا','UA'), ('أوغندا','UG'), ('الولايات المتحدة','US'),
      ('أورغواي','UY'), ('أوزبكستان','UZ'), ('الفاتيكان','VA'), ('سانت فنسنت وجزر غرينادين','VC'),
      ('فنزويلا','VE'), ('جزر فيرجن البريطانية','VG'), ('جزر فيرجن الأمريكية','VI'), ('فيتنام','VN'),
      ('فانواتو','VU'), ('جزر والس وفوتونا','WF'), ('ساموا','WS'), ('اليمن','YE'),
      ('مايوت','YT'), ('جنوب أفريقيا','ZA'), ('زامبيا','ZM'), ('زيمبابوي','ZW'),
      ('uae','AE'), ('u.a.e.','AE'), ('emirates','AE'), ('usa','US'),
      ('u.s.a.','US'), ('united states of america','US'), ('uk','GB'), ('great britain','GB'),
      ('england','GB'), ('ksa','SA'), ('saudi','SA'), ('turkey','TR'),
      ('czech republic','CZ'), ('swaziland','SZ'), ('macedonia','MK'), ('burma','MM'),
      ('myanmar','MM'), ('hong kong','HK'), ('macau','MO'), ('macao','MO'),
      ('ivory coast','CI'), ('cote d''ivoire','CI'), ('côte d''ivoire','CI'), ('congo','CG'),
      ('democratic republic of the congo','CD'), ('russian federation','RU'), ('korea','KR'), ('palestine','PS'),
      ('vatican','VA'), ('east timor','TL'), ('the netherlands','NL'), ('holland','NL'),
      ('bosnia','BA'), ('syrian arab republic','SY'), ('iran, islamic republic of','IR'), ('viet nam','VN'),
      ('lao','LA'),
      ('السعودية','SA'), ('الإمارات','AE'), ('الامارات','AE'), ('امريكا','US'), ('أمريكا','US'), ('بريطانيا','GB')
  ) as v(name, iso)
  where v.name = lower(btrim(p_name))
  limit 1;
$$;

-- A submission's country: the form's own ISO code (countryIso, the wire field since the phone work),
-- else the article form's country ('canada', 'uae', 'usa', 'uk'), else the sales lead's group or city
-- where they name a country (the Others group's city is an English country name; an emirate is the
-- UAE), else the calling code of an international phone number when only one country has it; else null.
create function public.lead_country_code(p jsonb)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(
    case when upper(btrim(p ->> 'countryIso')) ~ '^[A-Z]{2}$' then upper(btrim(p ->> 'countryIso')) end,
    case lower(btrim(p ->> 'country'))
      when 'uae' then 'AE' when 'canada' then 'CA' when 'usa' then 'US' when 'uk' then 'GB'
      when 'other' then null when 'others' then null
      else public.country_code_from_name(p ->> 'country')
    end,
    case when lower(btrim(p ->> 'city')) in ('dubai', 'abu dhabi', 'sharjah', 'ajman', 'ras al khaimah', 'fujairah', 'umm al quwain')
         then 'AE' else public.country_code_from_name(p ->> 'city') end,
    -- Only a number written with its calling code says where it is: "+971…", "00971…", or the sales
    -- lead's dial code ("+971") beside its national number. A local "0501234567" says nothing.
    case
      when nullif(btrim(p ->> 'countryCode'), '') is not null
        then public.country_code_from_dial(regexp_replace(p ->> 'countryCode', '\D', '', 'g'))
      when btrim(coalesce(p ->> 'phone', '')) ~ '^(\+|00)'
        then public.country_code_from_dial(regexp_replace(regexp_replace(p ->> 'phone', '\D', '', 'g'), '^00', ''))
    end
  );
$$;

-- ----------------------------------------------------------------------------------- columns
alter table public.leads
  add column country_code text,
  add column phone_digits_reversed text generated always as (reverse(phone_digits)) stored,
  add constraint leads_country_code_check check (country_code is null or country_code ~ '^[A-Z]{2}$');
create index leads_country_code_idx on public.leads (country_code, created_at desc);
create index leads_phone_digits_reversed_idx on public.leads (phone_digits_reversed text_pattern_ops);

-- A lead whose every form is the newsletter is a subscriber; anyone who sent a sales or booking form is a lead.
create function public.lead_kind(p_form_types text[])
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_form_types <@ array['newsletter']::text[] then 'subscriber' else 'lead' end;
$$;

-- ------------------------------------------------------------------------------------ trigger
-- After a submission is attached to its lead (form_submissions_attach_lead fires first: triggers of one
-- kind fire in name order): the lead takes the submission's country when it says one, and a subscriber
-- who now sends a sales or booking form becomes a lead, new, its 24 hours starting with this submission
-- (a spam lead stays spam).
create function public.form_submissions_lead_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lead uuid;
  v_code text := public.lead_country_code(new.payload);
  v_becomes_lead boolean;
begin
  select lead_id into v_lead from public.form_submissions where id = new.id;
  if v_lead is null then
    return null;
  end if;
  v_becomes_lead := new.form_type <> 'newsletter'
    and exists (select 1 from public.form_submissions s where s.lead_id = v_lead and s.id <> new.id)
    and not exists (select 1 from public.form_submissions s
                    where s.lead_id = v_lead and s.id <> new.id and s.form_type <> 'newsletter');
  if v_code is null and not v_becomes_lead then
    return null;
  end if;
  update public.leads l set
    country_code = coalesce(v_code, l.country_code),
    status = case when v_becomes_lead and l.status <> 'spam' then 'new' else l.status end,
    status_changed_at = case when v_becomes_lead and l.status <> 'spam' then new.created_at else l.status_changed_at end
  where l.id = v_lead;
  return null;
end;
$$;
revoke all on function public.form_submissions_lead_data() from public, anon, authenticated;

create trigger form_submissions_lead_data
  after insert on public.form_submissions
  for each row execute function public.form_submissions_lead_data();

-- --------------------------------------------------------------------------------- the inbox
-- New columns at the end; overdue and due_at leave subscribers out.
create or replace view public.lead_inbox with (security_invoker = true) as
  select l.id, l.full_name, l.email, l.phone, l.phone_digits, l.company, l.country, l.city, l.locale,
         l.status, l.owner_id, l.source_form_type, l.source_page_path, l.form_types, l.submission_count,
         l.created_at, l.status_changed_at, l.last_submission_at, l.last_activity_at,
         (l.status = 'new' and public.lead_kind(l.form_types) = 'lead'
           and l.status_changed_at <= now() - interval '24 hours') as overdue,
         case when l.status = 'new' and public.lead_kind(l.form_types) = 'lead'
              then l.status_changed_at + interval '24 hours' end as due_at,
         l.country_code,
         l.phone_digits_reversed,
         public.lead_kind(l.form_types) as kind
  from public.leads l;
revoke all on table public.lead_inbox from anon, authenticated;
grant select on table public.lead_inbox to authenticated, service_role;

-- The dashboard: total, statuses and pages count leads (subscribers apart, under "subscribers"); the
-- forms count every person who sent each form; overdue as public.lead_inbox says it.
create or replace function public.lead_dashboard(p_since timestamptz)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total', (select count(*) from public.leads where created_at >= p_since and public.lead_kind(form_types) = 'lead'),
    'byStatus', coalesce((select jsonb_object_agg(status, n) from (
      select status, count(*) as n from public.leads
      where created_at >= p_since and public.lead_kind(form_types) = 'lead' group by status) s), '{}'::jsonb),
    'byFormType', coalesce((select jsonb_object_agg(t, n) from (
      select t, count(*) as n from public.leads, unnest(form_types) as t
      where created_at >= p_since and status <> 'spam' group by t) f), '{}'::jsonb),
    'byPage', coalesce((select jsonb_agg(jsonb_build_object('path', p, 'count', n) order by n desc, p) from (
      select coalesce(source_page_path, '') as p, count(*) as n from public.leads
      where created_at >= p_since and status <> 'spam' and public.lead_kind(form_types) = 'lead'
      group by 1 order by 2 desc, 1 limit 8) g), '[]'::jsonb),
    'subscribers', (select count(*) from public.leads
      where created_at >= p_since and status <> 'spam' and public.lead_kind(form_types) = 'subscriber'),
    'overdue', (select count(*) from public.lead_inbox where overdue)
  );
$$;

-- ---------------------------------------------------------------------------------- backfill
-- Every lead's country from its latest submission that says one; a former subscriber's 24 hours
-- counted from their first sales or booking form.
do $$
begin
  update public.leads l set country_code = c.code
  from (
    select distinct on (s.lead_id) s.lead_id, public.lead_country_code(s.payload) as code
    from public.form_submissions s
    where s.lead_id is not null and public.lead_country_code(s.payload) is not null
    order by s.lead_id, s.created_at desc, s.id desc
  ) c
  where c.lead_id = l.id;

  update public.leads l set status_changed_at = f.first_at
  from (
    select s.lead_id, min(s.created_at) as first_at
    from public.form_submissions s
    where s.lead_id is not null and s.form_type <> 'newsletter'
    group by s.lead_id
  ) f
  where f.lead_id = l.id and l.status = 'new' and 'newsletter' = any (l.form_types)
    and l.status_changed_at < f.first_at;
end;
$$;
