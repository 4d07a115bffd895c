-- key: a_record_id, b_record_id
-- Pairs that are not disagreements, kept inspectable with the reason (issue 19 item 4), so an analyst looking at a
-- documented disagreement finds it either in marts.conflicts or here beside it with why it is not one:
-- 1. pairs of one series and period (or one milestone) that differ only in appearance (marts.conflict_pairs with an
--    apparent_reason): compatible bounds, a difference within the stated rounding, two statements of one document,
--    imprecise dates whose spans overlap;
-- 2. near pairs: two figures of one indicator (or an indicator and the one it is part of) and unit basis, for the same or a related entity (the same entity, a
--    product or market and its parent in the registry, an instance or cluster and the platform it is built from
--    (built_on), or two segments of one market), the same region, speed
--    and fabric (or one side agnostic), and overlapping periods of one period basis (a state, an indicator of
--    irregular cadence, in any period: a spec or a count restated later), that are NOT one series and period: they differ in
--    entity or scope, segment, kind or period, and their values differ beyond rounding (or the same figure is
--    stated for different spans). Two dates of one entity for different milestones, or a plan against what
--    happened, that do not overlap, are near pairs too. Reasons: different_scope, different_segment,
--    different_kind, different_period, different_milestone; reason_detail names every differing dimension.
-- Bounded: only each side's newest statement takes part (as in marts.conflict_pairs), and a statement meets only
-- the nearest statement of each near series and period (the pairs grow with statements, not their product).
-- Keyed, not a self-join of statements: statements alike in everything the pair rules compare but their vintage and
-- document (one class: series, period, entity, indicator, scope, segment, fabric, speed, kind, unit, region, period
-- basis and span, value) are paired class with class; each statement then takes, from each class it may meet, the
-- smallest record id stated after it (or before it) as a running minimum over that class in vintage order (a
-- window, not a join), and statement by statement only where that one is of its own address and evidence. At 100x
-- the offline default one series and period holds ~50 vintages of a few values: the self-join met each with each
-- (246 s of a 300 s refresh); now the work grows with the pairs kept (docs/benchmarks.md).
CREATE OR REPLACE VIEW marts.apparent_conflicts AS
WITH near_obs AS MATERIALIZED (
    -- each side's newest statement, with its base unit and value and its rounding step computed once per statement
    -- (the pair rules compare them); its place in vintage order (stated_rank: marts.stated_before is
    -- a.stated_rank < b.stated_rank), its class (class_id: the statements alike in every column the pair rules
    -- read but the vintage, address and evidence), its series and period (group_id) and its address and evidence
    -- (statement_id)
    SELECT *, CASE WHEN marts.sig_digits(base_value) >= 2 THEN pow(10, marts.sig_place(base_value)) END AS rounding_step,
           row_number() OVER (ORDER BY stated_on, record_id) AS stated_rank,
           dense_rank() OVER (ORDER BY series_key, period, indicator, entity_id, scope, segment, fabric, speed_gbps, kind,
                                       base_unit, region, period_basis, is_state, span_start, span_end, base_value)
               AS class_id,
           dense_rank() OVER (ORDER BY series_key, period) AS group_id,
           dense_rank() OVER (ORDER BY url, evidence) AS statement_id
    FROM (
        SELECT o.record_id, o.series_key, o.indicator, o.entity_id, o.subject, o.period, o.period_basis,
               coalesce(i.cadence, '') = 'irregular' AS is_state, o.period_start AS span_start, o.period_end AS span_end,
               marts.unit_base(o.unit) AS base_unit, o.value * marts.unit_factor(o.unit) AS base_value, o.value_qualifier,
               o.kind, o.segment, o.scope, o.speed_gbps, o.fabric, o.region,
               o.publisher, o.source_id, o.carrier, coalesce(o.published_on, DATE '0001-01-01') AS stated_on, o.url,
               o.evidence,
               dense_rank() OVER (PARTITION BY o.series_key, o.period, marts.unit_base(o.unit), o.kind, o.publisher,
                                               o.source_id,
                                               coalesce(o.via, regexp_extract(o.url, '^https?://([^/]+)', 1), o.source_id)
                                  ORDER BY coalesce(o.published_on, DATE '0001-01-01') DESC, o.url DESC NULLS LAST,
                                           o.evidence DESC) AS side_statement
        FROM core.observations o
        LEFT JOIN core.indicators i ON i.indicator = o.indicator
        WHERE o.series_key IS NOT NULL AND o.period IS NOT NULL AND o.period_start IS NOT NULL
          AND o.entity_id IS NOT NULL
    )
    WHERE side_statement = 1
),
near_classes AS MATERIALIZED (
    -- one row per class (its statements agree on every column below)
    SELECT DISTINCT ON (class_id) class_id, group_id, series_key, period, indicator, entity_id, scope, segment, fabric,
           speed_gbps, kind, base_unit, region, period_basis, is_state, span_start, span_end, base_value, rounding_step
    FROM near_obs
),
related AS (
    -- the same entity, an entity and its parent (either way), an instance or cluster and the platform it is built
    -- from (either way), two segments of one market
    SELECT entity_id AS a, entity_id AS b FROM core.entities
    UNION SELECT entity_id, parent_id FROM core.entities WHERE parent_id IS NOT NULL
    UNION SELECT parent_id, entity_id FROM core.entities WHERE parent_id IS NOT NULL
    UNION SELECT entity_id, built_on FROM core.entities WHERE built_on IS NOT NULL
    UNION SELECT built_on, entity_id FROM core.entities WHERE built_on IS NOT NULL
    UNION SELECT c1.entity_id, c2.entity_id
          FROM core.entities c1
          JOIN core.entities c2 ON c1.parent_id = c2.parent_id AND c1.entity_id <> c2.entity_id
          JOIN core.entities p ON p.entity_id = c1.parent_id AND p.kind IN ('market', 'segment')
),
related_indicators AS (
    -- the same indicator, or an indicator and the one whose quantity it is a part of (vocabulary/indicators.csv
    -- part_of: data-centre Ethernet switch revenue of all Ethernet switch revenue), either way
    SELECT indicator AS a, indicator AS b FROM core.indicators
    UNION SELECT term, parent FROM core.vocabulary WHERE dimension = 'indicator' AND parent IS NOT NULL
    UNION SELECT parent, term FROM core.vocabulary WHERE dimension = 'indicator' AND parent IS NOT NULL
),
class_sides AS MATERIALIZED (
    -- each class with every (entity, indicator) it may meet, so the class join below is one hash join on entity,
    -- indicator, unit and region
    SELECT a.*, r.b AS near_entity, ri.b AS near_indicator
    FROM near_classes a
    JOIN related r ON r.a = a.entity_id
    JOIN related_indicators ri ON ri.a = a.indicator
),
class_pairs AS MATERIALIZED (
    -- two classes whose statements meet when one was stated before the other (and they are not one statement)
    SELECT row_number() OVER () AS pair_id, a.class_id AS a_class, b.class_id AS b_class, a.group_id AS a_group,
           b.group_id AS b_group,
           abs(a.base_value - b.base_value) AS gap,
           a.entity_id = b.entity_id AND a.segment IS NOT DISTINCT FROM b.segment AS one_thing,
           concat_ws('; ',
               CASE WHEN a.indicator <> b.indicator THEN 'indicator: ' || a.indicator || ' vs ' || b.indicator END,
               CASE WHEN a.entity_id <> b.entity_id THEN 'entity: ' || a.entity_id || ' vs ' || b.entity_id END,
               CASE WHEN a.scope IS DISTINCT FROM b.scope
                    THEN 'scope: ' || coalesce(a.scope, '-') || ' vs ' || coalesce(b.scope, '-') END,
               CASE WHEN a.segment IS DISTINCT FROM b.segment
                    THEN 'segment: ' || coalesce(a.segment, '-') || ' vs ' || coalesce(b.segment, '-') END,
               CASE WHEN a.fabric IS DISTINCT FROM b.fabric
                    THEN 'fabric: ' || coalesce(a.fabric, '-') || ' vs ' || coalesce(b.fabric, '-') END,
               CASE WHEN a.speed_gbps IS DISTINCT FROM b.speed_gbps
                    THEN 'speed: ' || coalesce(CAST(a.speed_gbps AS VARCHAR), '-') || ' vs '
                         || coalesce(CAST(b.speed_gbps AS VARCHAR), '-') END,
               CASE WHEN a.kind <> b.kind THEN 'kind: ' || a.kind || ' vs ' || b.kind END,
               CASE WHEN a.period <> b.period THEN 'period: ' || a.period || ' vs ' || b.period END) AS reason_detail,
           CASE WHEN a.entity_id <> b.entity_id OR a.scope IS DISTINCT FROM b.scope OR a.indicator <> b.indicator
                THEN 'different_scope'
                WHEN a.segment IS DISTINCT FROM b.segment OR a.fabric IS DISTINCT FROM b.fabric
                     OR a.speed_gbps IS DISTINCT FROM b.speed_gbps THEN 'different_segment'
                WHEN a.kind <> b.kind THEN 'different_kind'
                ELSE 'different_period' END AS apparent_reason
    FROM class_sides a
    JOIN near_classes b
      ON b.entity_id = a.near_entity AND b.indicator = a.near_indicator AND a.base_unit = b.base_unit
     AND a.region IS NOT DISTINCT FROM b.region
     AND (a.speed_gbps IS NULL OR b.speed_gbps IS NULL OR a.speed_gbps = b.speed_gbps)
     AND (a.fabric IS NULL OR b.fabric IS NULL OR a.fabric = b.fabric)
     AND (a.period_basis = b.period_basis OR (a.is_state AND b.is_state))
     -- a state (an indicator of irregular cadence: a spec, a configuration, a member count) may be restated in
     -- any later year; flows (revenue, units) meet only over overlapping periods
     AND ((a.is_state AND b.is_state) OR greatest(a.span_start, b.span_start) <= least(a.span_end, b.span_end))
    -- one series, period and forecast-or-not is marts.conflict_pairs' own ground (a forecast against the later
    -- actual of its series and period is a near pair here, different_kind, and a scorecard pair)
    WHERE NOT (a.series_key = b.series_key AND a.period = b.period AND (a.kind = 'forecast') = (b.kind = 'forecast'))
      -- the values differ beyond the stated rounding (half the coarser rounding step of a figure of two or more
      -- significant digits), or one figure is stated for different spans
      AND (abs(a.base_value - b.base_value) > 0.5 * coalesce(greatest(a.rounding_step, b.rounding_step), 0)
               * (1 + 1e-9)
               + 1e-9 * greatest(abs(a.base_value), abs(b.base_value))
           OR a.period <> b.period)
),
near_found AS MATERIALIZED (
    -- each statement with each class pair it takes part in, as side a (stated first) and as side b, and the statement
    -- of the other class it meets: side a the smallest record id of class b stated after it, side b of class a stated
    -- before it. Each is placed among the other class's statements in vintage order (ranks are unique) and takes the
    -- running minimum of their (record id, statement) from it on (side a) or up to it (side b).
    SELECT side, record_id, stated_rank, statement_id, pair_id, class_id AS other_class, one_thing, gap, other_group,
           found.id AS other_id, found.statement_id AS other_statement
    FROM (
        SELECT 'a' AS side, *, min(member) OVER (PARTITION BY class_id ORDER BY stated_rank
                                                 ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS found
        FROM (SELECT s.record_id, s.stated_rank, s.statement_id, p.pair_id, p.b_class AS class_id, p.one_thing, p.gap,
                     p.b_group AS other_group, NULL::STRUCT(id VARCHAR, statement_id BIGINT) AS member
              FROM near_obs s
              JOIN class_pairs p ON p.a_class = s.class_id
              UNION ALL
              SELECT NULL, stated_rank, NULL, NULL, class_id, NULL, NULL, NULL,
                     {'id': record_id, 'statement_id': statement_id}
              FROM near_obs)
        UNION ALL
        SELECT 'b' AS side, *, min(member) OVER (PARTITION BY class_id ORDER BY stated_rank
                                                 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS found
        FROM (SELECT s.record_id, s.stated_rank, s.statement_id, p.pair_id, p.a_class AS class_id, p.one_thing, p.gap,
                     p.a_group AS other_group, NULL::STRUCT(id VARCHAR, statement_id BIGINT) AS member
              FROM near_obs s
              JOIN class_pairs p ON p.b_class = s.class_id
              UNION ALL
              SELECT NULL, stated_rank, NULL, NULL, class_id, NULL, NULL, NULL,
                     {'id': record_id, 'statement_id': statement_id}
              FROM near_obs)
    )
    WHERE pair_id IS NOT NULL AND found IS NOT NULL
),
near_best AS (
    SELECT side, record_id, stated_rank, other_id, pair_id, gap, other_group
    FROM near_found
    WHERE NOT (one_thing AND statement_id = other_statement)
    UNION ALL
    -- one statement is not two sides (a range's bounds; one sentence's figures for one thing): where the statement
    -- found is of the same address and evidence, the other class is searched statement by statement
    SELECT f.side, f.record_id, f.stated_rank, min(c.record_id), f.pair_id, f.gap, f.other_group
    FROM near_found f
    JOIN near_obs c
      ON c.class_id = f.other_class AND c.statement_id <> f.statement_id
     AND CASE f.side WHEN 'a' THEN f.stated_rank < c.stated_rank ELSE c.stated_rank < f.stated_rank END
    WHERE f.one_thing AND f.statement_id = f.other_statement
    GROUP BY f.side, f.record_id, f.stated_rank, f.pair_id, f.gap, f.other_group
),
near_edges AS (
    -- each statement meets the nearest statement of each near series and period (either side's choice)
    SELECT DISTINCT a_id, b_id, pair_id
    FROM (
        SELECT record_id AS a_id, other_id AS b_id, pair_id
        FROM near_best WHERE side = 'a'
        QUALIFY row_number() OVER (PARTITION BY stated_rank, other_group ORDER BY gap, other_id) = 1
        UNION ALL
        SELECT other_id, record_id, pair_id
        FROM near_best WHERE side = 'b'
        QUALIFY row_number() OVER (PARTITION BY stated_rank, other_group ORDER BY gap, other_id) = 1
    )
),
near_values AS (
    SELECT p.apparent_reason, p.reason_detail, 'value' AS conflict_on, a.series_key, b.series_key AS b_series_key,
           a.entity_id, b.entity_id AS b_entity_id, a.indicator, a.subject, a.period, b.period AS b_period,
           a.kind, b.kind AS b_kind, marts.unit_base(a.unit) AS unit,
           a.value * marts.unit_factor(a.unit) AS a_value, a.value_qualifier AS a_value_qualifier,
           b.value * marts.unit_factor(b.unit) AS b_value, b.value_qualifier AS b_value_qualifier,
           NULL::DATE AS a_event_date, NULL::VARCHAR AS a_date_precision,
           NULL::DATE AS b_event_date, NULL::VARCHAR AS b_date_precision,
           abs(a.value * marts.unit_factor(a.unit) - b.value * marts.unit_factor(b.unit))
               / nullif(greatest(abs(a.value * marts.unit_factor(a.unit)), abs(b.value * marts.unit_factor(b.unit))), 0)
               AS relative_difference,
           NULL::INTEGER AS days_apart,
           a.publisher AS a_publisher, a.carrier AS a_carrier, a.published_on AS a_published_on, a.url AS a_url,
           a.evidence AS a_evidence, a.record_id AS a_record_id,
           b.publisher AS b_publisher, b.carrier AS b_carrier, b.published_on AS b_published_on, b.url AS b_url,
           b.evidence AS b_evidence, b.record_id AS b_record_id
    FROM near_edges e
    JOIN class_pairs p ON p.pair_id = e.pair_id
    JOIN core.observations a ON a.record_id = e.a_id
    JOIN core.observations b ON b.record_id = e.b_id
),
near_ev AS (
    SELECT record_id, entity_id, milestone, coalesce(kind, 'actual') AS kind, subject, category, event_date,
           date_precision, marts.date_end(event_date, coalesce(date_precision, 'day')) AS date_end,
           publisher, carrier, published_on, url, evidence,
           dense_rank() OVER (PARTITION BY entity_id, milestone, coalesce(kind, 'actual'), publisher, source_id, carrier
                              ORDER BY coalesce(published_on, DATE '0001-01-01') DESC, url DESC NULLS LAST,
                                       evidence DESC) AS side_statement
    FROM core.events
    WHERE milestone IS NOT NULL AND entity_id IS NOT NULL AND event_date IS NOT NULL
      AND coalesce(entity_resolution, '') <> 'vendor'
      AND milestone NOT IN (SELECT term FROM core.vocabulary WHERE dimension = 'milestone' AND rule LIKE '%pairs=no%')
),
near_date_candidates AS (
    -- two dates of one entity for different milestones, or a plan or forecast against what happened, whose
    -- spans do not overlap
    SELECT a.record_id AS a_id, b.record_id AS b_id, a.milestone AS a_milestone, a.kind AS a_kind,
           b.milestone AS b_milestone, b.kind AS b_kind, abs(date_diff('day', a.event_date, b.event_date)) AS gap,
           CASE WHEN a.milestone <> b.milestone THEN 'different_milestone' ELSE 'different_kind' END AS apparent_reason,
           concat_ws('; ',
               CASE WHEN a.milestone <> b.milestone THEN 'milestone: ' || a.milestone || ' vs ' || b.milestone END,
               CASE WHEN a.kind <> b.kind THEN 'kind: ' || a.kind || ' vs ' || b.kind END) AS reason_detail
    FROM near_ev a
    JOIN near_ev b
      ON a.entity_id = b.entity_id AND a.side_statement = 1 AND b.side_statement = 1
     AND (a.milestone <> b.milestone OR a.kind <> b.kind)
     AND marts.stated_before(coalesce(a.published_on, DATE '0001-01-01'), a.record_id,
                             coalesce(b.published_on, DATE '0001-01-01'), b.record_id)
    WHERE greatest(a.event_date, b.event_date) > least(a.date_end, b.date_end)
),
near_date_edges AS (
    SELECT * FROM near_date_candidates
    QUALIFY row_number() OVER (PARTITION BY a_id, b_milestone, b_kind ORDER BY gap, b_id) = 1
         OR row_number() OVER (PARTITION BY b_id, a_milestone, a_kind ORDER BY gap, a_id) = 1
),
near_dates AS (
    SELECT e.apparent_reason, e.reason_detail, 'date' AS conflict_on, a.entity_id || '|' || a.milestone AS series_key,
           b.entity_id || '|' || b.milestone AS b_series_key, a.entity_id, b.entity_id AS b_entity_id,
           NULL::VARCHAR AS indicator, a.subject, a.milestone AS period, b.milestone AS b_period,
           a.kind, b.kind AS b_kind, 'date' AS unit,
           NULL::DOUBLE AS a_value, NULL::VARCHAR AS a_value_qualifier, NULL::DOUBLE AS b_value,
           NULL::VARCHAR AS b_value_qualifier,
           a.event_date AS a_event_date, a.date_precision AS a_date_precision,
           b.event_date AS b_event_date, b.date_precision AS b_date_precision,
           NULL::DOUBLE AS relative_difference, CAST(e.gap AS INTEGER) AS days_apart,
           a.publisher, a.carrier, a.published_on, a.url, a.evidence, a.record_id,
           b.publisher, b.carrier, b.published_on, b.url, b.evidence, b.record_id
    FROM near_date_edges e
    JOIN near_ev a ON a.record_id = e.a_id
    JOIN near_ev b ON b.record_id = e.b_id
),
near AS (
    SELECT * FROM near_values
    UNION ALL
    SELECT * FROM near_dates
)
SELECT apparent_reason, NULL::VARCHAR AS reason_detail, conflict_on, conflict_type, series_key,
       series_key AS b_series_key, entity_id, entity_id AS b_entity_id, indicator, subject, period, period AS b_period,
       kind, b_kind, unit,
       a_value, a_value_qualifier, b_value, b_value_qualifier, a_event_date, a_date_precision, b_event_date, b_date_precision,
       relative_difference, days_apart,
       a_publisher, a_carrier, a_published_on, a_url, a_evidence, a_record_id,
       b_publisher, b_carrier, b_published_on, b_url, b_evidence, b_record_id
FROM marts.conflict_pairs
WHERE apparent_reason IS NOT NULL
UNION ALL
SELECT apparent_reason, reason_detail, conflict_on,
       CASE WHEN a_publisher <> b_publisher THEN 'between_sources'
            WHEN a_published_on IS DISTINCT FROM b_published_on THEN 'between_vintages'
            WHEN a_carrier IS DISTINCT FROM b_carrier THEN 'between_carriers'
            ELSE 'within_source' END AS conflict_type,
       series_key, b_series_key, entity_id, b_entity_id, indicator, subject, period, b_period, kind, b_kind, unit,
       a_value, a_value_qualifier, b_value, b_value_qualifier, a_event_date, a_date_precision, b_event_date, b_date_precision,
       relative_difference, days_apart,
       a_publisher, a_carrier, a_published_on, a_url, a_evidence, a_record_id,
       b_publisher, b_carrier, b_published_on, b_url, b_evidence, b_record_id
FROM near;

COMMENT ON VIEW marts.apparent_conflicts IS 'Pairs that are not disagreements, each with the reason, so a documented disagreement is found either in marts.conflicts or here: pairs of one series and period that differ only in appearance (compatible_bounds: ">80" and ">100" admit a common value; within_rounding: "nearly 11" and 10.98; same_document; compatible_dates: "2025" and 2025-06-11), and near pairs of one indicator (or an indicator and the one it is part of, vocabulary part_of) and unit for the same or a related entity (registry parent, the platform an instance is built on, or two segments of one market) over overlapping periods (any period for a state: irregular cadence) that differ in scope, segment, kind, period or milestone (different_scope, different_segment, different_kind, different_period, different_milestone; reason_detail lists every differing dimension). Near pairs are bounded: each side''s newest statement meets only the nearest statement of each near series and period. Both rows stay in core.';
COMMENT ON COLUMN marts.apparent_conflicts.apparent_reason IS 'compatible_bounds, within_rounding, same_document or compatible_dates (one series); different_scope (another entity or scope, or an indicator and the one it is part of), different_segment (segment, speed or fabric), different_kind (forecast vs estimate, plan vs actual), different_period (overlapping or restated periods) or different_milestone (near pairs; the first that applies in this order).';
COMMENT ON COLUMN marts.apparent_conflicts.reason_detail IS 'For a near pair, every dimension the two sides differ in, as dimension: a vs b joined by ''; '' (indicator, entity, scope, segment, fabric, speed, kind, period, milestone); NULL for pairs of one series.';
COMMENT ON COLUMN marts.apparent_conflicts.b_series_key IS 'Series of side b (the same as series_key for pairs of one series).';
COMMENT ON COLUMN marts.apparent_conflicts.b_entity_id IS 'Entity of side b (the same as entity_id unless the pair is of related entities).';
COMMENT ON COLUMN marts.apparent_conflicts.b_period IS 'Period (or milestone) of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.conflict_on IS 'value (two figures for one series and period) or date (two dates for one milestone).';
COMMENT ON COLUMN marts.apparent_conflicts.conflict_type IS 'between_sources, between_vintages, between_carriers or within_source (see marts.conflicts).';
COMMENT ON COLUMN marts.apparent_conflicts.series_key IS 'Series of side a (of both sides for pairs of one series); for dates, entity | milestone.';
COMMENT ON COLUMN marts.apparent_conflicts.entity_id IS 'Canonical entity, NULL when unresolved.';
COMMENT ON COLUMN marts.apparent_conflicts.indicator IS 'Indicator id; NULL for dates.';
COMMENT ON COLUMN marts.apparent_conflicts.subject IS 'Subject as side a words it.';
COMMENT ON COLUMN marts.apparent_conflicts.period IS 'Period of side a (of both for pairs of one series); for dates, the milestone.';
COMMENT ON COLUMN marts.apparent_conflicts.kind IS 'Kind (or event category) of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.b_kind IS 'Kind (or event category) of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.unit IS 'Base unit of both values; ''date'' for dates.';
COMMENT ON COLUMN marts.apparent_conflicts.a_value IS 'Value of side a, in unit.';
COMMENT ON COLUMN marts.apparent_conflicts.a_value_qualifier IS 'Hedge on side a (> < ~ >= <=).';
COMMENT ON COLUMN marts.apparent_conflicts.b_value IS 'Value of side b, in unit.';
COMMENT ON COLUMN marts.apparent_conflicts.b_value_qualifier IS 'Hedge on side b.';
COMMENT ON COLUMN marts.apparent_conflicts.a_event_date IS 'Date side a gives (first day of its precision).';
COMMENT ON COLUMN marts.apparent_conflicts.a_date_precision IS 'Precision of side a''s date.';
COMMENT ON COLUMN marts.apparent_conflicts.b_event_date IS 'Date side b gives.';
COMMENT ON COLUMN marts.apparent_conflicts.b_date_precision IS 'Precision of side b''s date.';
COMMENT ON COLUMN marts.apparent_conflicts.relative_difference IS '|a - b| / max(|a|, |b|), 0-1.';
COMMENT ON COLUMN marts.apparent_conflicts.days_apart IS 'Days between the two dates.';
COMMENT ON COLUMN marts.apparent_conflicts.a_publisher IS 'Publisher of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_carrier IS 'Who carried side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_published_on IS 'Vintage of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_url IS 'Document address of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_evidence IS 'Evidence of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_record_id IS 'Observation or event id of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.b_publisher IS 'Publisher of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_carrier IS 'Who carried side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_published_on IS 'Vintage of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_url IS 'Document address of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_evidence IS 'Evidence of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_record_id IS 'Observation or event id of side b.';
