-- 0006: what each parse step read, so unchanged inputs are skipped and a document that stops
-- yielding records is noticed.
CREATE TABLE raw.parse_state (
    source_id      VARCHAR NOT NULL,
    url            VARCHAR NOT NULL,
    sha256         VARCHAR NOT NULL,
    parser         VARCHAR NOT NULL,
    parser_version VARCHAR NOT NULL,
    status         VARCHAR NOT NULL,
    records        INTEGER NOT NULL,
    error          VARCHAR,
    parsed_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (source_id, url)
);
COMMENT ON TABLE raw.parse_state IS 'Last parse of every stored document: which body, which parser version, what it yielded.';
COMMENT ON COLUMN raw.parse_state.source_id IS 'Source id.';
COMMENT ON COLUMN raw.parse_state.url IS 'Document address.';
COMMENT ON COLUMN raw.parse_state.sha256 IS 'Body that was parsed (raw.documents.current_sha256 at the time).';
COMMENT ON COLUMN raw.parse_state.parser IS 'Parser family.';
COMMENT ON COLUMN raw.parse_state.parser_version IS 'Hash of the parser code; a new version re-parses.';
COMMENT ON COLUMN raw.parse_state.status IS 'ok (records found), empty (parsed, nothing found) or error (parse failed).';
COMMENT ON COLUMN raw.parse_state.records IS 'Records yielded (observations, events, products and table rows).';
COMMENT ON COLUMN raw.parse_state.error IS 'Parse error or warnings.';
COMMENT ON COLUMN raw.parse_state.parsed_at IS 'When it was parsed (UTC).';

CREATE TABLE raw.parse_history (
    run_id         VARCHAR NOT NULL,
    source_id      VARCHAR NOT NULL,
    documents      INTEGER NOT NULL,
    failed         INTEGER NOT NULL,
    records        INTEGER NOT NULL,
    skipped        BOOLEAN NOT NULL,
    parsed_at      TIMESTAMP NOT NULL
);
COMMENT ON TABLE raw.parse_history IS 'One row per parse step per run: documents read and records yielded (row-count checks compare with the previous run).';
COMMENT ON COLUMN raw.parse_history.run_id IS 'Dagster run id.';
COMMENT ON COLUMN raw.parse_history.source_id IS 'Source id.';
COMMENT ON COLUMN raw.parse_history.documents IS 'Documents parsed.';
COMMENT ON COLUMN raw.parse_history.failed IS 'Documents that failed to parse or yielded nothing.';
COMMENT ON COLUMN raw.parse_history.records IS 'Records loaded for the source.';
COMMENT ON COLUMN raw.parse_history.skipped IS 'True when inputs and parser were unchanged and parsing was skipped.';
COMMENT ON COLUMN raw.parse_history.parsed_at IS 'When (UTC).';
