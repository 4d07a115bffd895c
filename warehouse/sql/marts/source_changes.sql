-- key: url, new_sha256, detected_at
-- Page changes detected on fetched sources, with the stored version they produced.
CREATE OR REPLACE VIEW marts.source_changes AS
SELECT c.detected_at, c.source_id, s.publisher, c.url, d.title, c.change_kind, c.text_changed,
       c.added_lines, c.removed_lines, c.old_text_chars, c.new_text_chars, c.size_delta_bytes,
       c.old_sha256, c.new_sha256,
       v.content_type, v.bytes AS new_bytes, v.recorded, v.mode,
       row_number() OVER (PARTITION BY c.url ORDER BY c.detected_at, c.new_sha256) AS version_number,
       c.run_id, c.diff, c.diff_truncated
FROM raw.changes c
ASOF LEFT JOIN raw.document_versions v
  ON v.url = c.url AND v.sha256 = c.new_sha256 AND c.detected_at >= v.fetched_at
LEFT JOIN raw.documents d ON d.url = c.url
LEFT JOIN (SELECT source_id, any_value(publisher) AS publisher FROM core.sources GROUP BY source_id) s
  ON s.source_id = c.source_id;

COMMENT ON VIEW marts.source_changes IS 'Changes detected on fetched pages (raw.changes): when, what kind, how many lines of main text moved, with the stored version (raw.document_versions) it produced.';
COMMENT ON COLUMN marts.source_changes.detected_at IS 'When the new version was received (UTC).';
COMMENT ON COLUMN marts.source_changes.source_id IS 'Registry source.';
COMMENT ON COLUMN marts.source_changes.publisher IS 'Publisher of the source (core.sources), when registered.';
COMMENT ON COLUMN marts.source_changes.url IS 'Document address.';
COMMENT ON COLUMN marts.source_changes.title IS 'Document title, when known.';
COMMENT ON COLUMN marts.source_changes.change_kind IS 'first_seen or changed.';
COMMENT ON COLUMN marts.source_changes.text_changed IS 'False when only markup changed.';
COMMENT ON COLUMN marts.source_changes.added_lines IS 'Lines of main text added, count.';
COMMENT ON COLUMN marts.source_changes.removed_lines IS 'Lines of main text removed, count.';
COMMENT ON COLUMN marts.source_changes.old_text_chars IS 'Previous main text length, characters.';
COMMENT ON COLUMN marts.source_changes.new_text_chars IS 'New main text length, characters.';
COMMENT ON COLUMN marts.source_changes.size_delta_bytes IS 'Body size change, bytes.';
COMMENT ON COLUMN marts.source_changes.old_sha256 IS 'Previous body (NULL for first_seen).';
COMMENT ON COLUMN marts.source_changes.new_sha256 IS 'New body (document store key).';
COMMENT ON COLUMN marts.source_changes.content_type IS 'Media type of the new body.';
COMMENT ON COLUMN marts.source_changes.new_bytes IS 'Size of the new body, bytes.';
COMMENT ON COLUMN marts.source_changes.recorded IS 'live, third-party-copy or inbox.';
COMMENT ON COLUMN marts.source_changes.mode IS 'Fetch mode of the run: offline, live or record.';
COMMENT ON COLUMN marts.source_changes.version_number IS 'Position of this change in the address''s history, 1 = first seen.';
COMMENT ON COLUMN marts.source_changes.run_id IS 'Fetch run that detected it.';
COMMENT ON COLUMN marts.source_changes.diff IS 'Unified diff of the main text (capped at 400 lines), NULL for first_seen.';
COMMENT ON COLUMN marts.source_changes.diff_truncated IS 'True when the diff was cut at the cap.';
