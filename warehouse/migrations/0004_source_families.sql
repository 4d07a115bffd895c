-- 0004: tables of the parser families (nccl-tests runs, TOP500 lists, claims inbox, UEC members).
CREATE TABLE core.nccl_runs (
    run_id             VARCHAR PRIMARY KEY,
    source_id          VARCHAR NOT NULL,
    url                VARCHAR,
    document_sha       VARCHAR,
    system             VARCHAR,
    run_index          INTEGER,
    collective         VARCHAR,
    collective_from    VARCHAR,
    ngpus              INTEGER,
    ranks_seen         INTEGER,
    nthread            INTEGER,
    hosts              INTEGER,
    gpu                VARCHAR,
    minbytes           BIGINT,
    maxbytes           BIGINT,
    iters              INTEGER,
    warmup_iters       INTEGER,
    rows               INTEGER,
    rows_elided        BOOLEAN,
    nccl_tests_version VARCHAR,
    nccl_version       VARCHAR,
    avg_busbw_GBps     DOUBLE,
    peak_busbw_GBps    DOUBLE,
    has_errors         BOOLEAN,
    truncated          BOOLEAN,
    warnings           VARCHAR,
    published_on       DATE,
    origin             VARCHAR NOT NULL
);
COMMENT ON TABLE core.nccl_runs IS 'One row per nccl-tests run (one collective in one log): header facts, hardware, average and peak bus bandwidth, error and truncation flags.';
COMMENT ON COLUMN core.nccl_runs.run_id IS 'Stable id of the run (document hash and position).';
COMMENT ON COLUMN core.nccl_runs.source_id IS 'Source the log came from (nccl_logs, inbox).';
COMMENT ON COLUMN core.nccl_runs.url IS 'Where the log was published (issue thread, pull request).';
COMMENT ON COLUMN core.nccl_runs.document_sha IS 'sha256 of the stored log.';
COMMENT ON COLUMN core.nccl_runs.system IS 'System description (GPU, nodes, fabric) from the log and its recording notes.';
COMMENT ON COLUMN core.nccl_runs.run_index IS 'Position of the run in its log (a log can hold several collectives).';
COMMENT ON COLUMN core.nccl_runs.collective IS 'Collective: all_reduce, all_gather, reduce_scatter, alltoall, broadcast, ...';
COMMENT ON COLUMN core.nccl_runs.collective_from IS 'How the collective was recognised (binary name, command line, file name).';
COMMENT ON COLUMN core.nccl_runs.ngpus IS 'Ranks in the run (GPUs), when printed.';
COMMENT ON COLUMN core.nccl_runs.ranks_seen IS 'Device lines seen in the log.';
COMMENT ON COLUMN core.nccl_runs.nthread IS 'nThread from the header.';
COMMENT ON COLUMN core.nccl_runs.hosts IS 'Distinct hosts in the device lines.';
COMMENT ON COLUMN core.nccl_runs.gpu IS 'GPU model from the device lines.';
COMMENT ON COLUMN core.nccl_runs.minbytes IS 'Smallest message size tested, bytes.';
COMMENT ON COLUMN core.nccl_runs.maxbytes IS 'Largest message size tested, bytes.';
COMMENT ON COLUMN core.nccl_runs.iters IS 'Iterations per size.';
COMMENT ON COLUMN core.nccl_runs.warmup_iters IS 'Warm-up iterations.';
COMMENT ON COLUMN core.nccl_runs.rows IS 'Complete result rows parsed.';
COMMENT ON COLUMN core.nccl_runs.rows_elided IS 'True when the log elides rows (...).';
COMMENT ON COLUMN core.nccl_runs.nccl_tests_version IS 'nccl-tests version, when printed.';
COMMENT ON COLUMN core.nccl_runs.nccl_version IS 'NCCL library version, when printed.';
COMMENT ON COLUMN core.nccl_runs.avg_busbw_GBps IS 'Average bus bandwidth printed by nccl-tests, GB/s (NULL when the log lacks it).';
COMMENT ON COLUMN core.nccl_runs.peak_busbw_GBps IS 'Highest out-of-place bus bandwidth over message sizes, GB/s.';
COMMENT ON COLUMN core.nccl_runs.has_errors IS 'True when any wrong/error count is non-zero (such runs are flagged, never averaged in silently).';
COMMENT ON COLUMN core.nccl_runs.truncated IS 'True when the log ends inside the table or without the closing lines.';
COMMENT ON COLUMN core.nccl_runs.warnings IS 'Parser warnings, one per line.';
COMMENT ON COLUMN core.nccl_runs.published_on IS 'When the log was published.';
COMMENT ON COLUMN core.nccl_runs.origin IS 'Loader that wrote the row.';

CREATE TABLE core.nccl_rows (
    run_id         VARCHAR NOT NULL,
    row_index      INTEGER NOT NULL,
    size_bytes     BIGINT NOT NULL,
    count          BIGINT,
    type           VARCHAR,
    redop          VARCHAR,
    root           INTEGER,
    oop_time_us    DOUBLE,
    oop_algbw_GBps DOUBLE,
    oop_busbw_GBps DOUBLE,
    oop_wrong      DOUBLE,
    ip_time_us     DOUBLE,
    ip_algbw_GBps  DOUBLE,
    ip_busbw_GBps  DOUBLE,
    ip_wrong       DOUBLE,
    origin         VARCHAR NOT NULL
);
COMMENT ON TABLE core.nccl_rows IS 'nccl-tests result rows: one per run and message size (complete rows only).';
COMMENT ON COLUMN core.nccl_rows.run_id IS 'Run (core.nccl_runs).';
COMMENT ON COLUMN core.nccl_rows.row_index IS 'Position of the row in the run''s table (a log can repeat a size when several processes print).';
COMMENT ON COLUMN core.nccl_rows.size_bytes IS 'Message size, bytes.';
COMMENT ON COLUMN core.nccl_rows.count IS 'Element count.';
COMMENT ON COLUMN core.nccl_rows.type IS 'Data type (float, half, ...).';
COMMENT ON COLUMN core.nccl_rows.redop IS 'Reduction operation (sum, ...), NULL when not a reduction.';
COMMENT ON COLUMN core.nccl_rows.root IS 'Root rank, NULL when the collective has none.';
COMMENT ON COLUMN core.nccl_rows.oop_time_us IS 'Out-of-place time, microseconds.';
COMMENT ON COLUMN core.nccl_rows.oop_algbw_GBps IS 'Out-of-place algorithm bandwidth, GB/s.';
COMMENT ON COLUMN core.nccl_rows.oop_busbw_GBps IS 'Out-of-place bus bandwidth, GB/s (nccl-tests definition).';
COMMENT ON COLUMN core.nccl_rows.oop_wrong IS 'Out-of-place wrong/error count (old logs print an error magnitude).';
COMMENT ON COLUMN core.nccl_rows.ip_time_us IS 'In-place time, microseconds.';
COMMENT ON COLUMN core.nccl_rows.ip_algbw_GBps IS 'In-place algorithm bandwidth, GB/s.';
COMMENT ON COLUMN core.nccl_rows.ip_busbw_GBps IS 'In-place bus bandwidth, GB/s.';
COMMENT ON COLUMN core.nccl_rows.ip_wrong IS 'In-place wrong/error count.';
COMMENT ON COLUMN core.nccl_rows.origin IS 'Loader that wrote the row.';

CREATE TABLE core.top500_families (
    list          VARCHAR NOT NULL,
    family        VARCHAR NOT NULL,
    notable       VARCHAR,
    fabric        VARCHAR,
    systems       INTEGER NOT NULL,
    systems_share DOUBLE NOT NULL,
    rmax_tflops   DOUBLE,
    rmax_share    DOUBLE,
    source_id     VARCHAR,
    url           VARCHAR,
    document_sha  VARCHAR,
    origin        VARCHAR NOT NULL
);
COMMENT ON TABLE core.top500_families IS 'TOP500 interconnect statistics: systems and Rmax per interconnect family (and notable interconnect) per list.';
COMMENT ON COLUMN core.top500_families.list IS 'List edition, YYYY-MM (June and November).';
COMMENT ON COLUMN core.top500_families.family IS 'Interconnect family as written in the list file.';
COMMENT ON COLUMN core.top500_families.notable IS 'Notable interconnect grouping (e.g. Slingshot apart from other Ethernet, InfiniBand by generation).';
COMMENT ON COLUMN core.top500_families.fabric IS 'Fabric id: infiniband, ethernet, slingshot, omni-path, other.';
COMMENT ON COLUMN core.top500_families.systems IS 'Number of systems.';
COMMENT ON COLUMN core.top500_families.systems_share IS 'Share of the 500 systems, 0-1.';
COMMENT ON COLUMN core.top500_families.rmax_tflops IS 'Sum of Rmax, TFlop/s.';
COMMENT ON COLUMN core.top500_families.rmax_share IS 'Share of the list''s total Rmax, 0-1.';
COMMENT ON COLUMN core.top500_families.source_id IS 'Source id.';
COMMENT ON COLUMN core.top500_families.url IS 'List address.';
COMMENT ON COLUMN core.top500_families.document_sha IS 'sha256 of the list file.';
COMMENT ON COLUMN core.top500_families.origin IS 'Loader that wrote the row.';

CREATE TABLE core.top500_interconnects (
    list          VARCHAR NOT NULL,
    interconnect  VARCHAR NOT NULL,
    family        VARCHAR NOT NULL,
    notable       VARCHAR,
    systems       INTEGER NOT NULL,
    source_id     VARCHAR,
    url           VARCHAR,
    document_sha  VARCHAR,
    origin        VARCHAR NOT NULL
);
COMMENT ON TABLE core.top500_interconnects IS 'TOP500 systems per interconnect (finer than the family) per list.';
COMMENT ON COLUMN core.top500_interconnects.list IS 'List edition, YYYY-MM.';
COMMENT ON COLUMN core.top500_interconnects.interconnect IS 'Interconnect as written in the list file (e.g. 100G Ethernet, Slingshot-11).';
COMMENT ON COLUMN core.top500_interconnects.family IS 'Interconnect family as written in the list file.';
COMMENT ON COLUMN core.top500_interconnects.notable IS 'Notable interconnect grouping.';
COMMENT ON COLUMN core.top500_interconnects.systems IS 'Number of systems.';
COMMENT ON COLUMN core.top500_interconnects.source_id IS 'Source id.';
COMMENT ON COLUMN core.top500_interconnects.url IS 'List address.';
COMMENT ON COLUMN core.top500_interconnects.document_sha IS 'sha256 of the list file.';
COMMENT ON COLUMN core.top500_interconnects.origin IS 'Loader that wrote the row.';

CREATE TABLE core.claims (
    claim_id            VARCHAR PRIMARY KEY,
    source_id           VARCHAR NOT NULL,
    url                 VARCHAR,
    document_sha        VARCHAR,
    published_on        DATE,
    publisher           VARCHAR,
    title               VARCHAR,
    value               DOUBLE NOT NULL,
    value_qualifier     VARCHAR,
    unit                VARCHAR NOT NULL,
    period              VARCHAR,
    kind                VARCHAR NOT NULL,
    subject             VARCHAR,
    evidence            VARCHAR NOT NULL,
    raw                 VARCHAR,
    indicator           VARCHAR,
    status              VARCHAR NOT NULL,
    parser_version      VARCHAR,
    origin              VARCHAR NOT NULL
);
COMMENT ON TABLE core.claims IS 'Claims inbox: quantitative statements extracted from press releases and news; not facts until an analyst accepts them into the curated ledger.';
COMMENT ON COLUMN core.claims.claim_id IS 'Stable id of the claim (document and sentence).';
COMMENT ON COLUMN core.claims.source_id IS 'Source the page came from.';
COMMENT ON COLUMN core.claims.url IS 'Page address.';
COMMENT ON COLUMN core.claims.document_sha IS 'sha256 of the stored page.';
COMMENT ON COLUMN core.claims.published_on IS 'Page date.';
COMMENT ON COLUMN core.claims.publisher IS 'Publisher of the page.';
COMMENT ON COLUMN core.claims.title IS 'Page title.';
COMMENT ON COLUMN core.claims.value IS 'Value in base units (USD, share 0-1, Gbps, units).';
COMMENT ON COLUMN core.claims.value_qualifier IS 'Hedge in the text: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN core.claims.unit IS 'Unit of value.';
COMMENT ON COLUMN core.claims.period IS 'Period or horizon the claim refers to.';
COMMENT ON COLUMN core.claims.kind IS 'actual, forecast or estimate.';
COMMENT ON COLUMN core.claims.subject IS 'What the claim is about, when it could be told.';
COMMENT ON COLUMN core.claims.evidence IS 'The sentence the claim came from.';
COMMENT ON COLUMN core.claims.raw IS 'The figure as written in the text.';
COMMENT ON COLUMN core.claims.indicator IS 'Suggested indicator the claim would feed, when recognised.';
COMMENT ON COLUMN core.claims.status IS 'pending, accepted or rejected (review decisions live in the curated ledger).';
COMMENT ON COLUMN core.claims.parser_version IS 'Version of the claim extractor.';
COMMENT ON COLUMN core.claims.origin IS 'Loader that wrote the row.';

CREATE TABLE core.uec_members (
    name         VARCHAR NOT NULL,
    source_id    VARCHAR NOT NULL,
    url          VARCHAR,
    document_sha VARCHAR,
    listed_on    DATE,
    tier         VARCHAR,
    origin       VARCHAR NOT NULL
);
COMMENT ON TABLE core.uec_members IS 'Ultra Ethernet Consortium member organizations as listed on a members page.';
COMMENT ON COLUMN core.uec_members.name IS 'Member organization.';
COMMENT ON COLUMN core.uec_members.source_id IS 'Source id.';
COMMENT ON COLUMN core.uec_members.url IS 'Members page address.';
COMMENT ON COLUMN core.uec_members.document_sha IS 'sha256 of the stored page.';
COMMENT ON COLUMN core.uec_members.listed_on IS 'Date of the members page (published or fetched).';
COMMENT ON COLUMN core.uec_members.tier IS 'Membership tier when the page gives one (steering, general, contributor).';
COMMENT ON COLUMN core.uec_members.origin IS 'Loader that wrote the row.';

CREATE TABLE core.specs (
    product_id      VARCHAR NOT NULL,
    key             VARCHAR NOT NULL,
    value           VARCHAR,
    unit            VARCHAR,
    value_qualifier VARCHAR,
    raw             VARCHAR,
    indicator       VARCHAR,
    variant         VARCHAR,
    evidence        VARCHAR,
    source_id       VARCHAR NOT NULL,
    url             VARCHAR,
    document_sha    VARCHAR,
    parser_version  VARCHAR,
    origin          VARCHAR NOT NULL
);
COMMENT ON TABLE core.specs IS 'Every spec row read from vendor product pages, mapped to an indicator or not (mapped ones are also in core.observations as kind spec).';
COMMENT ON COLUMN core.specs.product_id IS 'Product (core.products.product_id).';
COMMENT ON COLUMN core.specs.key IS 'Spec name as written on the page.';
COMMENT ON COLUMN core.specs.value IS 'Normalized value (number as text, or the text when not numeric).';
COMMENT ON COLUMN core.specs.unit IS 'Normalized unit (Gbps, Tbps, ns, W, ports, lanes, ...).';
COMMENT ON COLUMN core.specs.value_qualifier IS 'Hedge: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN core.specs.raw IS 'The value as written on the page.';
COMMENT ON COLUMN core.specs.indicator IS 'Indicator id the spec maps to, NULL when unmapped.';
COMMENT ON COLUMN core.specs.variant IS 'Model variant when the table has a column per model.';
COMMENT ON COLUMN core.specs.evidence IS 'The table row or list item it came from.';
COMMENT ON COLUMN core.specs.source_id IS 'Source id.';
COMMENT ON COLUMN core.specs.url IS 'Page address.';
COMMENT ON COLUMN core.specs.document_sha IS 'sha256 of the stored page.';
COMMENT ON COLUMN core.specs.parser_version IS 'Version of the spec parser.';
COMMENT ON COLUMN core.specs.origin IS 'Loader that wrote the row.';
