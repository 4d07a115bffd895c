-- Helper macros shared by the marts (applied before any mart; not a mart themselves).
-- Macros are resolved when a view is queried, so replacing one changes every view that uses it.

-- How a period string reads as a series: never mix cumulative ranges (2025-2029) with annual figures.
CREATE OR REPLACE MACRO marts.series_kind(period, segment) AS
    CASE
        WHEN regexp_full_match(period, '\d{4}-\d{4}') OR coalesce(segment, '') ILIKE '%cumulative%' THEN 'cumulative'
        WHEN regexp_full_match(period, '\d{4}') THEN 'annual'
        WHEN regexp_full_match(period, '\d{4}H[12]') THEN 'half_yearly'
        WHEN regexp_full_match(period, '\d{4}Q[1-4]') THEN 'quarterly'
        WHEN regexp_full_match(period, '\d{4}-\d{2}') THEN 'monthly'
        WHEN regexp_full_match(period, '\d{4}-\d{2}-\d{2}') THEN 'daily'
        ELSE 'other'
    END;

-- Vintage order of two statements: a was stated before b (then the smaller record id first).
CREATE OR REPLACE MACRO marts.stated_before(a_sort, a_id, b_sort, b_id) AS
    a_sort < b_sort OR (a_sort = b_sort AND a_id < b_id);

-- 200 -> '200G', 1600 -> '1.6T'.
CREATE OR REPLACE MACRO marts.speed_label(gbps) AS
    CASE WHEN gbps IS NULL THEN NULL
         WHEN gbps >= 1000 THEN printf('%gT', CAST(gbps AS DOUBLE) / 1000.0)
         ELSE printf('%gG', CAST(gbps AS DOUBLE)) END;

-- Unit normalization: the base unit of a unit's dimension and the factor to reach it.
CREATE OR REPLACE MACRO marts.unit_base(unit) AS
    CASE unit
        WHEN 'Tbps' THEN 'Gbps' WHEN 'TBps' THEN 'GBps'
        WHEN 'us' THEN 'ns' WHEN 'ms' THEN 'ns'
        WHEN 'kW' THEN 'W' WHEN 'TB' THEN 'GB'
        WHEN 'units' THEN 'ports'   -- switch ports are counted in either
        ELSE unit END;

CREATE OR REPLACE MACRO marts.unit_factor(unit) AS
    CASE unit
        WHEN 'Tbps' THEN 1000.0 WHEN 'TBps' THEN 1000.0
        WHEN 'us' THEN 1000.0 WHEN 'ms' THEN 1000000.0
        WHEN 'kW' THEN 1000.0 WHEN 'TB' THEN 1000.0
        ELSE 1.0 END;

-- A date as decimal years since year 0 of the epoch calendar (2024-07-02 ~ 2024.5), for trend fits.
CREATE OR REPLACE MACRO marts.epoch_years(d) AS
    1970.0 + epoch(CAST(d AS TIMESTAMP)) / (365.25 * 86400.0);

-- Expected days between two updates of an indicator with this cadence (NULL: irregular).
CREATE OR REPLACE MACRO marts.cadence_days(cadence) AS
    CASE cadence
        WHEN 'daily' THEN 1 WHEN 'weekly' THEN 7 WHEN 'monthly' THEN 31
        WHEN 'quarterly' THEN 92 WHEN 'half_yearly' THEN 184 WHEN 'yearly' THEN 366
        ELSE NULL END;

-- Ranking of confidence levels: reported first.
CREATE OR REPLACE MACRO marts.confidence_rank(confidence) AS
    CASE confidence WHEN 'reported' THEN 0 WHEN 'derived' THEN 1 WHEN 'analyst_estimate' THEN 2 ELSE 3 END;

-- Significant figures of a stated value: the power of ten of its last significant digit (14.4 -> -1,
-- 10.98e9 -> 7, 450 -> 1) and the count of significant digits (450 -> 2, 5e9 -> 1); rounding tolerance
-- of marts.conflict_pairs. Trailing zeros are read as not significant.
CREATE OR REPLACE MACRO marts.sig_place(v) AS
    list_max([k for k in range(-12, 16) if abs(round(v / pow(10, k)) * pow(10, k) - v) <= 1e-9 * abs(v)]);
CREATE OR REPLACE MACRO marts.sig_digits(v) AS
    CASE WHEN v IS NULL OR v = 0 THEN NULL ELSE CAST(floor(log10(abs(v))) AS INTEGER) - marts.sig_place(v) + 1 END;

-- A date as precisely as the source gave it (issue 19): 2024 for a year, 2024-06 for a month, 2024Q2 for a quarter,
-- 2024H1 for a half year, the day otherwise; NULL stays NULL.
CREATE OR REPLACE MACRO marts.date_label(d, precision) AS
    CASE WHEN d IS NULL THEN NULL
         WHEN precision = 'year' THEN strftime(d, '%Y')
         WHEN precision = 'half' THEN printf('%sH%d', strftime(d, '%Y'), CASE WHEN month(d) <= 6 THEN 1 ELSE 2 END)
         WHEN precision = 'quarter' THEN printf('%sQ%d', strftime(d, '%Y'), quarter(d))
         WHEN precision = 'month' THEN strftime(d, '%Y-%m')
         ELSE strftime(d, '%Y-%m-%d') END;

-- Order of date precisions, finest first (day 0 ... year 4); an unknown precision last.
CREATE OR REPLACE MACRO marts.precision_rank(precision) AS
    CASE precision WHEN 'day' THEN 0 WHEN 'month' THEN 1 WHEN 'quarter' THEN 2 WHEN 'half' THEN 3 WHEN 'year' THEN 4
                   ELSE 5 END;

-- The last day a date of this precision may stand for (2024 -> 2024-12-31, 2024-06 -> 2024-06-30, a day -> itself).
CREATE OR REPLACE MACRO marts.date_end(d, precision) AS
    CAST(CASE precision
             WHEN 'year' THEN d + INTERVAL 1 YEAR - INTERVAL 1 DAY
             WHEN 'half' THEN d + INTERVAL 6 MONTH - INTERVAL 1 DAY
             WHEN 'quarter' THEN d + INTERVAL 3 MONTH - INTERVAL 1 DAY
             WHEN 'month' THEN d + INTERVAL 1 MONTH - INTERVAL 1 DAY
             ELSE d END AS DATE);
