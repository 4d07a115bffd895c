-- $1: series keys (a list): each publisher's latest figure per period and kind (marts.consensus_points), with its
-- source tier (name, spam mirror) and whether it is in the consensus (original and press tiers) or shown on request.
SELECT p.*, t.tier_name_en, t.tier_name_zh, coalesce(t.spam_mirror, false) AS spam_mirror
FROM marts.consensus_points p
LEFT JOIN marts.source_tiers t
       ON t.source_id = p.source_id AND t.publisher IS NOT DISTINCT FROM p.publisher
      AND t.carrier = coalesce(p.carrier, '-')
WHERE list_contains(CAST($1 AS VARCHAR[]), p.series_key)
ORDER BY p.series_key, p.period_start, p.publisher;
