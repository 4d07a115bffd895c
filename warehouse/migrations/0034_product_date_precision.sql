-- 0034 (issue 20): a product's announcement and shipping dates carry how precisely the source gives them, as an
-- event's date does (core.events.date_precision): a date given as "2024" or "Q3 2024" is stored as the first day of
-- its period with precision year or quarter, so the Roadmap prints "2024" or "2024Q3", never a made-up day.
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS announced_precision VARCHAR;
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS shipping_precision VARCHAR;
COMMENT ON COLUMN core.products.announced_precision IS 'Precision of announced_on as the source gives it: day, month, quarter, half or year (the date is the first day of its period); NULL without a date.';
COMMENT ON COLUMN core.products.shipping_precision IS 'Precision of shipping_on as the source gives it: day, month, quarter, half or year; NULL without a date.';
