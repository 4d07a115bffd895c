-- 0002: the raw layer of DESIGN.md §4: every fetch attempt, every document and its versions,
-- and the text changes between versions. Append-only except raw.documents (one row per URL,
-- its current state). Bodies themselves live in the content-addressed store
-- ($FABRICWATCH_HOME/documents/<sha[:2]>/<sha>), not in the database.

CREATE TABLE raw.fetch_log (
    run_id         VARCHAR NOT NULL,
    seq            INTEGER NOT NULL,
    source_id      VARCHAR NOT NULL,
    mode           VARCHAR NOT NULL,
    url            VARCHAR NOT NULL,
    purpose        VARCHAR NOT NULL,
    attempt        INTEGER NOT NULL,
    started_at     TIMESTAMP NOT NULL,
    outcome        VARCHAR NOT NULL,
    status         INTEGER,
    bytes          BIGINT NOT NULL,
    wire_bytes     BIGINT NOT NULL,
    elapsed_ms     DOUBLE NOT NULL,
    error_class    VARCHAR,
    error_message  VARCHAR,
    retry_after_s  DOUBLE,
    PRIMARY KEY (run_id, seq)
);
COMMENT ON TABLE raw.fetch_log IS 'Every request the fetcher made or replayed, one row per attempt (retries, redirect hops and robots.txt included). No failure is silent: errors, robots refusals and not-recorded replays are rows here.';
COMMENT ON COLUMN raw.fetch_log.run_id IS 'Id of the fetch run (one `fabricwatch fetch` or one raw_<source> materialization).';
COMMENT ON COLUMN raw.fetch_log.seq IS 'Order of the row within its run.';
COMMENT ON COLUMN raw.fetch_log.source_id IS 'Registry source the request was made for (sources/registry.py).';
COMMENT ON COLUMN raw.fetch_log.mode IS 'offline (replay of recorded responses), live, or record (live and written back to sources/snapshots/).';
COMMENT ON COLUMN raw.fetch_log.url IS 'Address requested (for redirects, the hop; inbox files as inbox:<folder>/<file>).';
COMMENT ON COLUMN raw.fetch_log.purpose IS 'page, robots (robots.txt), replay (offline), inbox (dropped file) or index (discovery page, when logged by the orchestrator).';
COMMENT ON COLUMN raw.fetch_log.attempt IS 'Attempt number for this URL, from 1 (retries increment it).';
COMMENT ON COLUMN raw.fetch_log.started_at IS 'When the attempt started (UTC).';
COMMENT ON COLUMN raw.fetch_log.outcome IS 'ok, not_modified (304), redirect, retry (will be retried), error, disallowed (robots.txt), replayed, not_recorded, read (inbox).';
COMMENT ON COLUMN raw.fetch_log.status IS 'HTTP status code; NULL when no response was received (connect error, timeout, refusal before sending).';
COMMENT ON COLUMN raw.fetch_log.bytes IS 'Body bytes read, after content decoding (gzip), in bytes.';
COMMENT ON COLUMN raw.fetch_log.wire_bytes IS 'Bytes received on the wire for the body (compressed size), in bytes.';
COMMENT ON COLUMN raw.fetch_log.elapsed_ms IS 'Time from sending the request to the last body byte, in milliseconds (politeness waits excluded).';
COMMENT ON COLUMN raw.fetch_log.error_class IS 'Error class: ConnectError, ReadTimeout, HttpStatusError, BodyTooLarge, TotalTimeout, RedirectRefused, RobotsDisallowed, ContentTypeRejected, CharsetError, RetryAfterTooLong, NotRecorded, ...; NULL on success.';
COMMENT ON COLUMN raw.fetch_log.error_message IS 'Human-readable error message; NULL on success.';
COMMENT ON COLUMN raw.fetch_log.retry_after_s IS 'Retry-After announced by the server (429/503), in seconds.';

CREATE TABLE raw.documents (
    url              VARCHAR PRIMARY KEY,
    source_id        VARCHAR NOT NULL,
    current_sha256   VARCHAR,
    final_url        VARCHAR,
    content_type     VARCHAR,
    encoding         VARCHAR,
    bytes            BIGINT,
    etag             VARCHAR,
    last_modified    VARCHAR,
    recorded         VARCHAR,
    title            VARCHAR,
    published_on     DATE,
    versions         INTEGER NOT NULL,
    first_seen_at    TIMESTAMP NOT NULL,
    last_checked_at  TIMESTAMP NOT NULL,
    last_changed_at  TIMESTAMP,
    last_outcome     VARCHAR NOT NULL,
    last_error       VARCHAR
);
COMMENT ON TABLE raw.documents IS 'One row per document address: its current stored version and the state of its last check. History is in raw.document_versions and raw.fetch_log.';
COMMENT ON COLUMN raw.documents.url IS 'Document address as requested (inbox files as inbox:<folder>/<file>).';
COMMENT ON COLUMN raw.documents.source_id IS 'Registry source it belongs to.';
COMMENT ON COLUMN raw.documents.current_sha256 IS 'sha256 of the current body in the document store; NULL when it was never fetched successfully.';
COMMENT ON COLUMN raw.documents.final_url IS 'Address after redirects.';
COMMENT ON COLUMN raw.documents.content_type IS 'Media type of the current body (declared or sniffed), without parameters.';
COMMENT ON COLUMN raw.documents.encoding IS 'Python codec the current body decodes with (declared or sniffed charset; WHATWG aliases: gb2312 -> gb18030, big5 -> big5hkscs).';
COMMENT ON COLUMN raw.documents.bytes IS 'Size of the current body, in bytes.';
COMMENT ON COLUMN raw.documents.etag IS 'ETag of the current body, sent back as If-None-Match.';
COMMENT ON COLUMN raw.documents.last_modified IS 'Last-Modified of the current body, sent back as If-Modified-Since.';
COMMENT ON COLUMN raw.documents.recorded IS 'How the current body was obtained: live, third-party-copy (a recorded copy of the original), or inbox.';
COMMENT ON COLUMN raw.documents.title IS 'Title from the recording manifest or inbox file name, when known.';
COMMENT ON COLUMN raw.documents.published_on IS 'Publication date from the recording manifest, when known.';
COMMENT ON COLUMN raw.documents.versions IS 'Number of distinct bodies stored for this address so far.';
COMMENT ON COLUMN raw.documents.first_seen_at IS 'First check of this address (UTC).';
COMMENT ON COLUMN raw.documents.last_checked_at IS 'Last check of this address, successful or not (UTC).';
COMMENT ON COLUMN raw.documents.last_changed_at IS 'When the current body was first stored (UTC).';
COMMENT ON COLUMN raw.documents.last_outcome IS 'Outcome of the last check: fetched, not_modified, replayed, read, not_recorded, disallowed, error.';
COMMENT ON COLUMN raw.documents.last_error IS 'Error of the last check (class: message); NULL when it succeeded.';

CREATE TABLE raw.document_versions (
    url           VARCHAR NOT NULL,
    sha256        VARCHAR NOT NULL,
    source_id     VARCHAR NOT NULL,
    run_id        VARCHAR NOT NULL,
    fetched_at    TIMESTAMP NOT NULL,
    final_url     VARCHAR,
    status        INTEGER,
    content_type  VARCHAR,
    encoding      VARCHAR,
    bytes         BIGINT NOT NULL,
    etag          VARCHAR,
    last_modified VARCHAR,
    recorded      VARCHAR NOT NULL,
    mode          VARCHAR NOT NULL,
    PRIMARY KEY (url, sha256, fetched_at)
);
COMMENT ON TABLE raw.document_versions IS 'Append-only history: one row each time an address returned a body different from its previous one. The body is in the document store under sha256.';
COMMENT ON COLUMN raw.document_versions.url IS 'Document address (raw.documents.url).';
COMMENT ON COLUMN raw.document_versions.sha256 IS 'sha256 of the body; the store path is documents/<sha256[:2]>/<sha256> under $FABRICWATCH_HOME.';
COMMENT ON COLUMN raw.document_versions.source_id IS 'Registry source.';
COMMENT ON COLUMN raw.document_versions.run_id IS 'Fetch run that stored it (raw.fetch_log.run_id).';
COMMENT ON COLUMN raw.document_versions.fetched_at IS 'When this body was received (UTC).';
COMMENT ON COLUMN raw.document_versions.final_url IS 'Address after redirects.';
COMMENT ON COLUMN raw.document_versions.status IS 'HTTP status of the response (the recorded status for replays; NULL for inbox files).';
COMMENT ON COLUMN raw.document_versions.content_type IS 'Media type (declared or sniffed).';
COMMENT ON COLUMN raw.document_versions.encoding IS 'Python codec the body decodes with; NULL for binary files.';
COMMENT ON COLUMN raw.document_versions.bytes IS 'Body size, in bytes.';
COMMENT ON COLUMN raw.document_versions.etag IS 'ETag response header.';
COMMENT ON COLUMN raw.document_versions.last_modified IS 'Last-Modified response header.';
COMMENT ON COLUMN raw.document_versions.recorded IS 'live, third-party-copy or inbox.';
COMMENT ON COLUMN raw.document_versions.mode IS 'Fetch mode of the run: offline, live or record.';

CREATE TABLE raw.changes (
    url              VARCHAR NOT NULL,
    source_id        VARCHAR NOT NULL,
    run_id           VARCHAR NOT NULL,
    detected_at      TIMESTAMP NOT NULL,
    change_kind      VARCHAR NOT NULL,
    old_sha256       VARCHAR,
    new_sha256       VARCHAR NOT NULL,
    added_lines      INTEGER NOT NULL,
    removed_lines    INTEGER NOT NULL,
    old_text_chars   INTEGER NOT NULL,
    new_text_chars   INTEGER NOT NULL,
    size_delta_bytes BIGINT NOT NULL,
    text_changed     BOOLEAN NOT NULL,
    diff             VARCHAR,
    diff_truncated   BOOLEAN NOT NULL,
    PRIMARY KEY (url, new_sha256, detected_at)
);
COMMENT ON TABLE raw.changes IS 'Change tracking: one row per new version of an address, with a line diff of its main text (scripts, navigation and boilerplate removed) against the previous version.';
COMMENT ON COLUMN raw.changes.url IS 'Document address.';
COMMENT ON COLUMN raw.changes.source_id IS 'Registry source.';
COMMENT ON COLUMN raw.changes.run_id IS 'Fetch run that detected it.';
COMMENT ON COLUMN raw.changes.detected_at IS 'When the new version was received (UTC).';
COMMENT ON COLUMN raw.changes.change_kind IS 'first_seen (no previous version) or changed.';
COMMENT ON COLUMN raw.changes.old_sha256 IS 'Previous body (NULL for first_seen).';
COMMENT ON COLUMN raw.changes.new_sha256 IS 'New body.';
COMMENT ON COLUMN raw.changes.added_lines IS 'Lines of main text added (for first_seen: all lines), count.';
COMMENT ON COLUMN raw.changes.removed_lines IS 'Lines of main text removed, count.';
COMMENT ON COLUMN raw.changes.old_text_chars IS 'Length of the previous main text, in characters.';
COMMENT ON COLUMN raw.changes.new_text_chars IS 'Length of the new main text, in characters.';
COMMENT ON COLUMN raw.changes.size_delta_bytes IS 'Body size change, in bytes (new minus old; the whole size for first_seen).';
COMMENT ON COLUMN raw.changes.text_changed IS 'False when only markup changed (the body hash differs but the main text is the same).';
COMMENT ON COLUMN raw.changes.diff IS 'Unified diff of the main text (1 line of context), capped at 400 lines; NULL for first_seen.';
COMMENT ON COLUMN raw.changes.diff_truncated IS 'True when the diff was cut at the cap.';
