-- key: series_key, kind, unit
-- check: units_valid
-- check: shares_in_range columns=value only_unit=share
-- Headline figures: the latest period of every series with its newest vintage, beside the previous period.
CREATE OR REPLACE VIEW marts.latest_indicators AS
WITH obs AS (
    -- only the columns that choose the figure (narrow: the windows below hold every row; the rest of the
    -- chosen figure's columns are read back by record_id at the end)
    SELECT o.record_id, o.series_key, o.kind, o.unit, o.period, o.period_start, o.period_end, o.value,
           o.value_qualifier, o.published_on, o.published_precision, o.confidence, o.source_id, o.publisher,
           count(*) OVER (PARTITION BY o.series_key, o.kind, o.unit, o.period) AS vintages_for_period
    FROM core.observations o
),
per_period AS (
    SELECT * FROM obs
    -- one figure per series and period: the newest vintage, then the best-sourced, then the strongest
    -- statement (of two lower bounds of one vintage, the larger)
    QUALIFY row_number() OVER (PARTITION BY series_key, kind, unit, period
                               ORDER BY published_on DESC NULLS LAST, marts.confidence_rank(confidence),
                                        CASE WHEN value_qualifier IN ('>', '>=') THEN -value
                                             WHEN value_qualifier IN ('<', '<=') THEN value ELSE 0 END,
                                        source_id, record_id) = 1
),
ranked AS (
    SELECT *,
           row_number() OVER w AS recency,
           count(*) OVER (PARTITION BY series_key, kind, unit) AS periods_in_series,
           lead(period) OVER w AS previous_period,
           lead(value) OVER w AS previous_value,
           lead(value_qualifier) OVER w AS previous_value_qualifier,
           lead(published_on) OVER w AS previous_published_on,
           lead(published_precision) OVER w AS previous_published_precision,
           lead(source_id) OVER w AS previous_source_id,
           lead(publisher) OVER w AS previous_publisher
    FROM per_period
    WINDOW w AS (PARTITION BY series_key, kind, unit ORDER BY period_end DESC, period_start DESC)
    QUALIFY recency = 1
),
conflicted AS (
    SELECT a_record_id AS record_id FROM marts.conflicts
    UNION
    SELECT b_record_id FROM marts.conflicts
)
SELECT r.series_key, o.entity_id, o.indicator, i.name AS indicator_name, i.category, o.subject, o.segment, o.speed_gbps, o.fabric, o.vendor,
       o.product_id, o.region, r.kind, marts.series_kind(o.period, o.segment) AS series_kind, r.period, r.period_end,
       r.value, r.value_qualifier, r.unit, r.published_on, r.source_id, r.publisher, o.url,
       r.previous_period, r.previous_value, r.previous_value_qualifier, r.previous_published_on, r.previous_source_id,
       r.previous_publisher,
       r.value - r.previous_value AS change,
       CASE WHEN r.previous_value <> 0 THEN r.value / r.previous_value - 1 END AS change_ratio,
       r.periods_in_series, r.vintages_for_period,
       r.record_id IN (SELECT record_id FROM conflicted) AS has_conflict,
       -- the headline: the latest period's figure, unless it is a lower bound weaker than the previous
       -- period's statement (">50" after ">100" says nothing of a decline): then the stronger statement
       weaker_bound AS headline_is_previous,
       CASE WHEN weaker_bound THEN r.previous_value ELSE r.value END AS headline_value,
       CASE WHEN weaker_bound THEN r.previous_value_qualifier ELSE r.value_qualifier END AS headline_value_qualifier,
       CASE WHEN weaker_bound THEN r.previous_period ELSE r.period END AS headline_period,
       CASE WHEN weaker_bound THEN r.previous_published_on ELSE r.published_on END AS headline_published_on,
       CASE WHEN weaker_bound THEN r.previous_publisher ELSE r.publisher END AS headline_publisher,
       CASE WHEN weaker_bound THEN marts.date_label(r.previous_published_on, r.previous_published_precision)
            ELSE marts.date_label(r.published_on, r.published_precision) END AS headline_published_label,
       CASE WHEN weaker_bound
            THEN printf('strongest statement: the latest figure (%s%g, %s) is a weaker lower bound than %s%g (%s)',
                        r.value_qualifier, r.value, r.period, coalesce(r.previous_value_qualifier, ''), r.previous_value,
                        r.previous_period)
            ELSE 'latest period, newest vintage' END AS headline_rule,
       r.record_id,
       marts.date_label(r.published_on, o.published_precision) AS published_label,
       -- the rest of the latest figure's provenance, so readers need no join back to core (issue 15)
       o.title, o.via, o.evidence, r.confidence
FROM (SELECT *,
             coalesce(value_qualifier IN ('>', '>=') AND previous_value > value
                      AND coalesce(previous_value_qualifier, '') NOT IN ('<', '<=', '~'), false) AS weaker_bound
      FROM ranked) r
JOIN core.observations o ON o.record_id = r.record_id
LEFT JOIN core.indicators i ON i.indicator = o.indicator;

COMMENT ON VIEW marts.latest_indicators IS 'Headline figures: for every series (series_key, kind, unit) the latest period''s newest figure, with the previous period''s figure, its date and source, and the headline to show (headline_*: the strongest statement when the latest figure is only a weaker lower bound).';
COMMENT ON COLUMN marts.latest_indicators.series_key IS 'Series identity (core.observations.series_key).';
COMMENT ON COLUMN marts.latest_indicators.entity_id IS 'Canonical entity of the series, NULL when unresolved.';
COMMENT ON COLUMN marts.latest_indicators.headline_is_previous IS 'True when the headline shows the previous period''s stronger statement instead of the latest, weaker lower bound.';
COMMENT ON COLUMN marts.latest_indicators.headline_value IS 'Figure to show as the headline, in unit.';
COMMENT ON COLUMN marts.latest_indicators.headline_value_qualifier IS 'Hedge on the headline figure.';
COMMENT ON COLUMN marts.latest_indicators.headline_period IS 'Period of the headline figure.';
COMMENT ON COLUMN marts.latest_indicators.headline_published_on IS 'Vintage of the headline figure.';
COMMENT ON COLUMN marts.latest_indicators.headline_published_label IS 'Vintage of the headline figure as precisely as the source gave it: 2024, 2024-06 or 2024-06-11.';
COMMENT ON COLUMN marts.latest_indicators.headline_publisher IS 'Publisher of the headline figure.';
COMMENT ON COLUMN marts.latest_indicators.headline_rule IS 'How the headline was chosen, in words (latest period, newest vintage; or strongest statement and why).';
COMMENT ON COLUMN marts.latest_indicators.previous_publisher IS 'Publisher of the previous figure.';
COMMENT ON COLUMN marts.latest_indicators.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.latest_indicators.indicator_name IS 'Indicator name from the catalog.';
COMMENT ON COLUMN marts.latest_indicators.category IS 'Indicator category (market, shipments, optics, spec, ...).';
COMMENT ON COLUMN marts.latest_indicators.subject IS 'What the figure is about.';
COMMENT ON COLUMN marts.latest_indicators.segment IS 'Segment dimension.';
COMMENT ON COLUMN marts.latest_indicators.speed_gbps IS 'Speed dimension, Gb/s.';
COMMENT ON COLUMN marts.latest_indicators.fabric IS 'Fabric dimension.';
COMMENT ON COLUMN marts.latest_indicators.vendor IS 'Vendor dimension.';
COMMENT ON COLUMN marts.latest_indicators.product_id IS 'Product dimension.';
COMMENT ON COLUMN marts.latest_indicators.region IS 'Region dimension.';
COMMENT ON COLUMN marts.latest_indicators.kind IS 'actual, estimate, forecast, vendor_claim or spec (each its own series).';
COMMENT ON COLUMN marts.latest_indicators.series_kind IS 'annual, quarterly, cumulative, ...';
COMMENT ON COLUMN marts.latest_indicators.period IS 'Latest period of the series.';
COMMENT ON COLUMN marts.latest_indicators.period_end IS 'Last day of that period.';
COMMENT ON COLUMN marts.latest_indicators.value IS 'Latest figure, in unit.';
COMMENT ON COLUMN marts.latest_indicators.value_qualifier IS 'Hedge on it (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.latest_indicators.unit IS 'Unit of value.';
COMMENT ON COLUMN marts.latest_indicators.published_on IS 'Vintage of the latest figure.';
COMMENT ON COLUMN marts.latest_indicators.source_id IS 'Source of the latest figure.';
COMMENT ON COLUMN marts.latest_indicators.publisher IS 'Publisher of the latest figure.';
COMMENT ON COLUMN marts.latest_indicators.url IS 'Document address of the latest figure.';
COMMENT ON COLUMN marts.latest_indicators.previous_period IS 'The period before, NULL when the series has one period.';
COMMENT ON COLUMN marts.latest_indicators.previous_value IS 'Figure for the previous period (its newest vintage), in unit.';
COMMENT ON COLUMN marts.latest_indicators.previous_value_qualifier IS 'Hedge on the previous figure.';
COMMENT ON COLUMN marts.latest_indicators.previous_published_on IS 'Vintage of the previous figure.';
COMMENT ON COLUMN marts.latest_indicators.previous_source_id IS 'Source of the previous figure.';
COMMENT ON COLUMN marts.latest_indicators.change IS 'value - previous_value, in unit.';
COMMENT ON COLUMN marts.latest_indicators.change_ratio IS 'value / previous_value - 1 (0.5 = +50%).';
COMMENT ON COLUMN marts.latest_indicators.periods_in_series IS 'Periods the series has, count.';
COMMENT ON COLUMN marts.latest_indicators.vintages_for_period IS 'Figures recorded for the latest period (vintages and sources), count.';
COMMENT ON COLUMN marts.latest_indicators.has_conflict IS 'True when another source or vintage gives a different value for the same period (see marts.conflicts).';
COMMENT ON COLUMN marts.latest_indicators.record_id IS 'Observation id of the latest figure.';
COMMENT ON COLUMN marts.latest_indicators.title IS 'Title of the document the number comes from.';
COMMENT ON COLUMN marts.latest_indicators.via IS 'Secondary carrier (seed document, repost) when the original was not read first-hand.';
COMMENT ON COLUMN marts.latest_indicators.evidence IS 'The sentence, table cell or locator the number came from.';
COMMENT ON COLUMN marts.latest_indicators.confidence IS 'reported (read in the source), derived (computed from reported figures) or analyst_estimate.';
COMMENT ON COLUMN marts.latest_indicators.published_label IS 'Vintage of the latest figure as precisely as the source gave it: 2024, 2024-06 or 2024-06-11.';
