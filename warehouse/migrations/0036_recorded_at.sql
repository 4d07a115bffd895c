-- 0036: when the recording a document was replayed from was made (sources/snapshots/<source>/manifest.json,
-- recorded_at), so the offline default says how old its data is instead of only that it was replayed.
ALTER TABLE raw.documents ADD COLUMN IF NOT EXISTS recorded_at DATE;
COMMENT ON COLUMN raw.documents.recorded_at IS 'Offline replay: the day the recording of the current body was made (the manifest''s recorded_at); NULL for live fetches, inbox files and recordings that do not say.';
