-- $1: series keys (a list): their consensus per period and kind (marts.consensus) with the period's reference
-- point (marts.reference_line), for one chart or the headline cards.
SELECT c.*, r.value AS reference, r.value_qualifier AS reference_qualifier, r.basis AS reference_basis,
       r.label_en AS reference_label_en, r.label_zh AS reference_label_zh
FROM marts.consensus c
LEFT JOIN marts.reference_line r USING (series_key, period, unit)
WHERE list_contains(CAST($1 AS VARCHAR[]), c.series_key)
ORDER BY c.series_key, c.period_start, c.kind;
