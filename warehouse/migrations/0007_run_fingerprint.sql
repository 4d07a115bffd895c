-- 0007: the input fingerprint of each published refresh, so an offline refresh whose inputs did not
-- change since the published one can skip the work.
ALTER TABLE meta.runs ADD COLUMN input_fingerprint VARCHAR;
COMMENT ON COLUMN meta.runs.input_fingerprint IS 'Hash of everything an offline refresh reads (recordings, curated ledger, accepted inbox files, code, the date); equal fingerprints mean nothing to redo.';
