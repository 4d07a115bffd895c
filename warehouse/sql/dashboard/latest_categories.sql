-- The indicator categories marts.latest_indicators holds, for the Overview's category choice.
SELECT DISTINCT category FROM marts.latest_indicators WHERE category IS NOT NULL ORDER BY category;
