-- key: series_key
-- The series catalog (issue 20, from the vocabulary of issue 19): every series an analyst can pick, with a human
-- title, definition and scope, unit, period basis and publishers, in English and Traditional Chinese. Pickers
-- show title_en / title_zh, never the key.
CREATE OR REPLACE VIEW marts.series_catalog AS
WITH obs AS (
    SELECT o.*, string_split(o.series_key, '|') AS parts
    FROM core.observations o
    WHERE o.series_key IS NOT NULL
),
series AS (
    SELECT series_key, any_value(indicator) AS indicator, any_value(entity_id) AS entity_id,
           min(subject) AS subject,
           any_value(parts[-6]) AS segment, any_value(parts[-5]) AS speed, any_value(parts[-4]) AS fabric,
           any_value(parts[-3]) AS region, any_value(parts[-2]) AS scope, any_value(parts[-1]) AS period_basis,
           any_value(marts.unit_base(unit)) AS unit,
           count(*) AS observations, count(DISTINCT publisher) AS publishers,
           string_agg(DISTINCT publisher, ', ' ORDER BY publisher) AS publisher_list,
           string_agg(DISTINCT kind, ', ' ORDER BY kind) AS kinds,
           count(*) FILTER (WHERE kind = 'actual') AS actuals, count(*) FILTER (WHERE kind = 'forecast') AS forecasts,
           min(period_start) AS first_period_start, max(period_end) AS last_period_end,
           arg_min(period, period_start) AS first_period, arg_max(period, period_end) AS last_period,
           bool_and(coalesce(key_controlled, false)) AS key_controlled,
           any_value(origin) AS origin
    FROM obs
    GROUP BY series_key
),
named AS (
    SELECT s.*, i.name AS indicator_name, vi.name_zh AS indicator_name_zh, i.description AS indicator_description,
           i.category, coalesce(e.name, s.subject) AS entity_name,
           -- the entity's Chinese display name (vocabulary/entity_names.csv), else its registry name (a name)
           coalesce(ve.name_zh, e.name, s.subject) AS entity_name_zh,
           -- a segment the vocabulary does not name yet keeps its term in words: every key dimension is in the title
           CASE WHEN s.segment <> '-' THEN coalesce(vs.name_en, replace(s.segment, '_', ' ')) END AS segment_en,
           CASE WHEN s.segment <> '-' THEN coalesce(vs.name_zh, replace(s.segment, '_', ' ')) END AS segment_zh,
           vs.definition_en AS segment_definition,
           vf.name_en AS fabric_en, vf.name_zh AS fabric_zh,
           vr.name_en AS region_en, vr.name_zh AS region_zh,
           vc.name_en AS scope_en, vc.name_zh AS scope_zh, vc.definition_en AS scope_definition,
           vp.name_en AS basis_en, vp.name_zh AS basis_zh,
           CASE WHEN s.speed <> '-' THEN marts.speed_label(TRY_CAST(s.speed AS DOUBLE)) END AS speed_label
    FROM series s
    LEFT JOIN core.indicators i ON i.indicator = s.indicator
    LEFT JOIN core.entities e ON e.entity_id = s.entity_id
    LEFT JOIN core.vocabulary ve ON ve.dimension = 'entity' AND ve.term = s.entity_id
    LEFT JOIN core.vocabulary vi ON vi.dimension = 'indicator' AND vi.term = s.indicator
    LEFT JOIN core.vocabulary vs ON vs.dimension = 'segment' AND vs.term = s.segment
    LEFT JOIN core.vocabulary vf ON vf.dimension = 'fabric' AND vf.term = s.fabric
    LEFT JOIN core.vocabulary vr ON vr.dimension = 'region' AND vr.term = s.region
    LEFT JOIN core.vocabulary vc ON vc.dimension = 'scope' AND vc.term = s.scope
    LEFT JOIN core.vocabulary vp ON vp.dimension = 'period_basis' AND vp.term = s.period_basis
),
with_names AS (
    SELECT *,
           concat(entity_name,
                  CASE WHEN concat_ws(', ', segment_en, speed_label, fabric_en, region_en, scope_en) <> ''
                       THEN concat(' (', concat_ws(', ', segment_en, speed_label, fabric_en, region_en, scope_en), ')') END,
                  ', ', lower(coalesce(basis_en, period_basis))) AS name_en,
           concat(entity_name_zh,
                  CASE WHEN concat_ws('、', segment_zh, speed_label, fabric_zh, region_zh, scope_zh) <> ''
                       THEN concat('（', concat_ws('、', segment_zh, speed_label, fabric_zh, region_zh, scope_zh), '）') END,
                  '，', coalesce(basis_zh, period_basis)) AS name_zh
    FROM named
),
titled AS MATERIALIZED (
-- the definition's name within its indicator (entity, segment, speed, fabric, region, scope, period basis) is
-- built once; the title is the indicator's name, a dash and it
SELECT series_key, indicator, entity_id, category, subject,
       concat(coalesce(indicator_name, indicator), ' — ', name_en) AS title_en,
       concat(coalesce(indicator_name_zh, indicator_name, indicator), '—', name_zh) AS title_zh,
       name_en AS definition_name_en, name_zh AS definition_name_zh,
       -- each part a sentence: a description without its full stop gets one ("... in note. Unit: USD")
       concat_ws(' ', CASE WHEN indicator_description ~ '.*[.!?]$' THEN indicator_description
                           WHEN coalesce(indicator_description, '') <> '' THEN concat(indicator_description, '.') END,
                 CASE WHEN scope_definition IS NOT NULL THEN concat('Scope: ', scope_definition, '.') END,
                 CASE WHEN segment_definition IS NOT NULL THEN concat('Segment: ', segment_definition, '.') END,
                 concat('Unit: ', unit, '; ', lower(coalesce(basis_en, period_basis)), ' figures.')) AS definition_en,
       concat(coalesce(indicator_name_zh, indicator), '：', entity_name_zh,
              CASE WHEN segment_zh IS NOT NULL THEN concat('，區隔為', segment_zh) END,
              CASE WHEN fabric_zh IS NOT NULL THEN concat('，網路為', fabric_zh) END,
              CASE WHEN region_zh IS NOT NULL THEN concat('，地區為', region_zh) END,
              CASE WHEN scope_zh IS NOT NULL THEN concat('，範圍為', scope_zh) END,
              '；單位 ', unit, '，', coalesce(basis_zh, period_basis), '數據。') AS definition_zh,
       CASE WHEN segment = '-' THEN NULL ELSE segment END AS segment, segment_en, segment_zh,
       CASE WHEN speed = '-' THEN NULL ELSE TRY_CAST(speed AS DOUBLE) END AS speed_gbps,
       CASE WHEN fabric = '-' THEN NULL ELSE fabric END AS fabric, fabric_en, fabric_zh,
       CASE WHEN region = '-' THEN 'worldwide' ELSE region END AS region,
       coalesce(region_en, 'Worldwide') AS region_en, coalesce(region_zh, '全球') AS region_zh,
       CASE WHEN scope = '-' THEN NULL ELSE scope END AS scope, scope_en, scope_zh, scope_definition,
       period_basis, basis_en AS period_basis_en, basis_zh AS period_basis_zh, unit,
       publishers, publisher_list, kinds, observations, actuals, forecasts,
       first_period, last_period, first_period_start, last_period_end, key_controlled, origin
FROM with_names
),
-- two series whose keys differ only in an entity that shares its registry name (two statements of one company
-- kept apart by their subjects): the title adds the subject as the sources word it, then the span of periods,
-- then a number, so no two titles are equal. The windows carry only what the titles are made of (a window
-- over all ~40 columns cost ~10 ms each, most of the mart); the rest is joined back by the series key.
names AS (
    SELECT series_key, subject, first_period, last_period, title_en, title_zh, definition_name_en, definition_name_zh
    FROM titled
),
by_subject AS (
    SELECT * REPLACE (
        CASE WHEN count(*) OVER (PARTITION BY title_en) > 1 THEN concat(title_en, ' — ', subject) ELSE title_en END
            AS title_en,
        CASE WHEN count(*) OVER (PARTITION BY title_zh) > 1 THEN concat(title_zh, '——', subject) ELSE title_zh END
            AS title_zh,
        CASE WHEN count(*) OVER (PARTITION BY title_en) > 1
             THEN concat(definition_name_en, ' — ', subject) ELSE definition_name_en END AS definition_name_en,
        CASE WHEN count(*) OVER (PARTITION BY title_zh) > 1
             THEN concat(definition_name_zh, '——', subject) ELSE definition_name_zh END AS definition_name_zh)
    FROM names
),
by_span AS (
    SELECT * REPLACE (
        CASE WHEN count(*) OVER (PARTITION BY title_en) > 1
             THEN concat(title_en, ' (', first_period, '–', last_period, ')') ELSE title_en END AS title_en,
        CASE WHEN count(*) OVER (PARTITION BY title_zh) > 1
             THEN concat(title_zh, '（', first_period, '–', last_period, '）') ELSE title_zh END AS title_zh,
        CASE WHEN count(*) OVER (PARTITION BY title_en) > 1
             THEN concat(definition_name_en, ' (', first_period, '–', last_period, ')') ELSE definition_name_en END
            AS definition_name_en,
        CASE WHEN count(*) OVER (PARTITION BY title_zh) > 1
             THEN concat(definition_name_zh, '（', first_period, '–', last_period, '）') ELSE definition_name_zh END
            AS definition_name_zh)
    FROM by_subject
),
deduped AS (
SELECT series_key,
    CASE WHEN count(*) OVER (PARTITION BY title_en) > 1
         THEN concat(title_en, ' [', row_number() OVER (PARTITION BY title_en ORDER BY series_key), ']')
         ELSE title_en END AS title_en,
    CASE WHEN count(*) OVER (PARTITION BY title_zh) > 1
         THEN concat(title_zh, ' [', row_number() OVER (PARTITION BY title_zh ORDER BY series_key), ']')
         ELSE title_zh END AS title_zh,
    CASE WHEN count(*) OVER (PARTITION BY title_en) > 1
         THEN concat(definition_name_en, ' [', row_number() OVER (PARTITION BY title_en ORDER BY series_key), ']')
         ELSE definition_name_en END AS definition_name_en,
    CASE WHEN count(*) OVER (PARTITION BY title_zh) > 1
         THEN concat(definition_name_zh, ' [', row_number() OVER (PARTITION BY title_zh ORDER BY series_key), ']')
         ELSE definition_name_zh END AS definition_name_zh
FROM by_span
)
SELECT t.* EXCLUDE (subject) REPLACE (d.title_en AS title_en, d.title_zh AS title_zh,
                                      d.definition_name_en AS definition_name_en, d.definition_name_zh AS definition_name_zh)
FROM titled t
JOIN deduped d ON d.series_key = t.series_key;

COMMENT ON VIEW marts.series_catalog IS 'Every series (core.observations.series_key) with a human title, definition and scope in English and Traditional Chinese, built from the controlled vocabulary (core.vocabulary) and the indicator and entity registries; its unit, period basis, publishers and span. Pickers show title_en or title_zh, never the key; one chart is one series or one comparable definition.';
COMMENT ON COLUMN marts.series_catalog.series_key IS 'Series identity: indicator | entity | segment | speed | fabric | region | scope | period basis (''-'' = not split; region ''-'' = worldwide).';
COMMENT ON COLUMN marts.series_catalog.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.series_catalog.entity_id IS 'Canonical entity (core.entities), NULL when unresolved.';
COMMENT ON COLUMN marts.series_catalog.category IS 'Indicator category (market, shipments, optics, prices, share, spec, ...).';
COMMENT ON COLUMN marts.series_catalog.title_en IS 'Human title in English: indicator — entity (segment, speed, fabric, region, scope), period basis.';
COMMENT ON COLUMN marts.series_catalog.title_zh IS 'Human title in Traditional Chinese: the indicator''s and the entity''s Chinese names (core.vocabulary dimensions indicator and entity; an entity without one keeps its registry name).';
COMMENT ON COLUMN marts.series_catalog.definition_name_en IS 'The definition''s name within its indicator, in English: entity (segment, speed, fabric, region, scope), period basis; what tells one definition of the indicator from another (title_en is the indicator''s name, " — " and this).';
COMMENT ON COLUMN marts.series_catalog.definition_name_zh IS 'The definition''s name within its indicator, in Traditional Chinese (title_zh is the indicator''s Chinese name, "—" and this).';
COMMENT ON COLUMN marts.series_catalog.definition_en IS 'What the series measures: the indicator''s definition, the scope''s and segment''s definitions, unit and period basis.';
COMMENT ON COLUMN marts.series_catalog.definition_zh IS 'What the series measures, in Traditional Chinese (built from the vocabulary''s Chinese names).';
COMMENT ON COLUMN marts.series_catalog.segment IS 'Segment term (core.vocabulary), NULL when not split.';
COMMENT ON COLUMN marts.series_catalog.segment_en IS 'Segment name in English.';
COMMENT ON COLUMN marts.series_catalog.segment_zh IS 'Segment name in Traditional Chinese.';
COMMENT ON COLUMN marts.series_catalog.speed_gbps IS 'Speed class in the key, Gb/s; NULL when not split by speed (or when the indicator is itself a speed).';
COMMENT ON COLUMN marts.series_catalog.fabric IS 'Fabric term, NULL for all fabrics.';
COMMENT ON COLUMN marts.series_catalog.fabric_en IS 'Fabric name in English.';
COMMENT ON COLUMN marts.series_catalog.fabric_zh IS 'Fabric name in Traditional Chinese.';
COMMENT ON COLUMN marts.series_catalog.region IS 'Region term (worldwide by default).';
COMMENT ON COLUMN marts.series_catalog.region_en IS 'Region name in English.';
COMMENT ON COLUMN marts.series_catalog.region_zh IS 'Region name in Traditional Chinese.';
COMMENT ON COLUMN marts.series_catalog.scope IS 'Scope term: what the market definition includes (switches, NICs, optics; back-end or all data centre), NULL when the indicator and entity define it.';
COMMENT ON COLUMN marts.series_catalog.scope_en IS 'Scope name in English.';
COMMENT ON COLUMN marts.series_catalog.scope_zh IS 'Scope name in Traditional Chinese.';
COMMENT ON COLUMN marts.series_catalog.scope_definition IS 'What the scope includes, in English.';
COMMENT ON COLUMN marts.series_catalog.period_basis IS 'annual, half_yearly, quarterly, monthly, daily or cumulative.';
COMMENT ON COLUMN marts.series_catalog.period_basis_en IS 'Period basis in English.';
COMMENT ON COLUMN marts.series_catalog.period_basis_zh IS 'Period basis in Traditional Chinese.';
COMMENT ON COLUMN marts.series_catalog.unit IS 'Base unit of the series'' figures.';
COMMENT ON COLUMN marts.series_catalog.publishers IS 'Publishers with a figure in the series, count.';
COMMENT ON COLUMN marts.series_catalog.publisher_list IS 'Those publishers, comma-separated.';
COMMENT ON COLUMN marts.series_catalog.kinds IS 'Kinds present (actual, estimate, forecast, spec, vendor_claim), comma-separated.';
COMMENT ON COLUMN marts.series_catalog.observations IS 'Figures in the series, count.';
COMMENT ON COLUMN marts.series_catalog.actuals IS 'Actual figures, count.';
COMMENT ON COLUMN marts.series_catalog.forecasts IS 'Forecast figures, count.';
COMMENT ON COLUMN marts.series_catalog.first_period IS 'Earliest period with a figure.';
COMMENT ON COLUMN marts.series_catalog.last_period IS 'Latest period with a figure.';
COMMENT ON COLUMN marts.series_catalog.first_period_start IS 'First day of the earliest period.';
COMMENT ON COLUMN marts.series_catalog.last_period_end IS 'Last day of the latest period.';
COMMENT ON COLUMN marts.series_catalog.key_controlled IS 'True when every figure''s key dimensions resolved from the controlled vocabulary (core.observations.key_controlled).';
COMMENT ON COLUMN marts.series_catalog.origin IS 'Who wrote the figures (curated, or a parser asset).';
