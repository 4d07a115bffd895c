-- 0001: schemas and the core, model and meta tables of DESIGN.md §4.
CREATE SCHEMA IF NOT EXISTS raw;
CREATE SCHEMA IF NOT EXISTS core;
CREATE SCHEMA IF NOT EXISTS model;
CREATE SCHEMA IF NOT EXISTS marts;
CREATE SCHEMA IF NOT EXISTS meta;

CREATE TABLE core.indicators (
    indicator   VARCHAR PRIMARY KEY,
    name        VARCHAR NOT NULL,
    unit        VARCHAR NOT NULL,
    category    VARCHAR NOT NULL,
    cadence     VARCHAR NOT NULL,
    description VARCHAR,
    fed_by      VARCHAR
);
COMMENT ON TABLE core.indicators IS 'Catalog of tracked indicators: what each id means, its unit and how often it is expected to change.';
COMMENT ON COLUMN core.indicators.indicator IS 'Indicator id used in core.observations.indicator (e.g. switch_ports_shipped).';
COMMENT ON COLUMN core.indicators.name IS 'Human-readable name.';
COMMENT ON COLUMN core.indicators.unit IS 'Normalized unit of every observation of this indicator (USD, units, share 0-1, Gbps, ns, W, ...).';
COMMENT ON COLUMN core.indicators.category IS 'Group: market, shipments, optics, prices, share, top500, benchmark, cloud, uec, spec, software, model.';
COMMENT ON COLUMN core.indicators.cadence IS 'Expected update cadence (daily, weekly, monthly, quarterly, yearly, irregular); drives freshness.';
COMMENT ON COLUMN core.indicators.description IS 'What the indicator measures and its caveats.';
COMMENT ON COLUMN core.indicators.fed_by IS 'Which sources feed it (source ids or families).';

CREATE TABLE core.sources (
    source_id    VARCHAR PRIMARY KEY,
    publisher    VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL,
    title        VARCHAR,
    homepage     VARCHAR,
    cadence      VARCHAR,
    parser       VARCHAR,
    licence_note VARCHAR,
    origin       VARCHAR NOT NULL
);
COMMENT ON TABLE core.sources IS 'Every source: registry entries (fetched) and curated sources (analyst ledger, seed documents, original publishers).';
COMMENT ON COLUMN core.sources.source_id IS 'Source id referenced by observations, events and products.';
COMMENT ON COLUMN core.sources.publisher IS 'Who publishes it (e.g. Dell''Oro Group, NVIDIA, TOP500).';
COMMENT ON COLUMN core.sources.kind IS 'vendor_page, press_release, news_feed, standards_body, statistics, benchmark_log, software_releases, analyst_report, seed_document, ...';
COMMENT ON COLUMN core.sources.title IS 'Short title shown to users.';
COMMENT ON COLUMN core.sources.homepage IS 'Main address of the source.';
COMMENT ON COLUMN core.sources.cadence IS 'How often the source is expected to change.';
COMMENT ON COLUMN core.sources.parser IS 'Parser family that reads it (nccl, top500, claims, specs, uec, github_releases), NULL for curated.';
COMMENT ON COLUMN core.sources.licence_note IS 'Terms of use / licence note.';
COMMENT ON COLUMN core.sources.origin IS 'registry (fetched by fabricwatch) or curated (analyst ledger).';

CREATE TABLE core.observations (
    record_id       VARCHAR PRIMARY KEY,
    indicator       VARCHAR NOT NULL,
    subject         VARCHAR NOT NULL,
    period          VARCHAR NOT NULL,
    period_start    DATE NOT NULL,
    period_end      DATE NOT NULL,
    value           DOUBLE NOT NULL,
    value_qualifier VARCHAR,
    unit            VARCHAR NOT NULL,
    kind            VARCHAR NOT NULL,
    speed_gbps      DOUBLE,
    fabric          VARCHAR,
    vendor          VARCHAR,
    product_id      VARCHAR,
    region          VARCHAR,
    segment         VARCHAR,
    note            VARCHAR,
    source_id       VARCHAR NOT NULL,
    publisher       VARCHAR NOT NULL,
    title           VARCHAR NOT NULL,
    url             VARCHAR,
    via             VARCHAR,
    published_on    DATE,
    evidence        VARCHAR NOT NULL,
    document_sha    VARCHAR,
    confidence      VARCHAR NOT NULL,
    origin          VARCHAR NOT NULL,
    loaded_at       TIMESTAMP NOT NULL
);
COMMENT ON TABLE core.observations IS 'One row per sourced number, with its provenance. Conflicting values from different sources or vintages are kept side by side (see marts.conflicts).';
COMMENT ON COLUMN core.observations.record_id IS 'Stable id: hash of the fact, its source and vintage.';
COMMENT ON COLUMN core.observations.indicator IS 'Indicator id (core.indicators).';
COMMENT ON COLUMN core.observations.subject IS 'What the number is about: vendor, product, fabric, market segment or system.';
COMMENT ON COLUMN core.observations.period IS 'Period described: 2024, 2024Q3, 2024H2, 2024-07, 2024-07-15, or a cumulative range 2025-2029.';
COMMENT ON COLUMN core.observations.period_start IS 'First day of the period.';
COMMENT ON COLUMN core.observations.period_end IS 'Last day of the period.';
COMMENT ON COLUMN core.observations.value IS 'The number, in the normalized unit (shares 0-1, money in USD, speeds in Gbps).';
COMMENT ON COLUMN core.observations.value_qualifier IS 'Hedge the source put on the number: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN core.observations.unit IS 'Normalized unit.';
COMMENT ON COLUMN core.observations.kind IS 'actual, estimate, forecast, vendor_claim or spec.';
COMMENT ON COLUMN core.observations.speed_gbps IS 'Port or link speed dimension in Gb/s, NULL when not applicable.';
COMMENT ON COLUMN core.observations.fabric IS 'Fabric dimension: infiniband, ethernet, roce, spectrum-x, uec, nvlink, slingshot, omni-path, other.';
COMMENT ON COLUMN core.observations.vendor IS 'Vendor dimension.';
COMMENT ON COLUMN core.observations.product_id IS 'Product dimension (core.products.product_id).';
COMMENT ON COLUMN core.observations.region IS 'Region dimension.';
COMMENT ON COLUMN core.observations.segment IS 'Market segment or series qualifier (e.g. ai_backend, dc_switch, cumulative).';
COMMENT ON COLUMN core.observations.note IS 'Analyst note (caveats, how a figure was normalized).';
COMMENT ON COLUMN core.observations.source_id IS 'Source id (core.sources).';
COMMENT ON COLUMN core.observations.publisher IS 'Original publisher of the number.';
COMMENT ON COLUMN core.observations.title IS 'Title of the document the number comes from.';
COMMENT ON COLUMN core.observations.url IS 'Address of the document.';
COMMENT ON COLUMN core.observations.via IS 'Secondary carrier (seed document, repost) when the original was not read first-hand.';
COMMENT ON COLUMN core.observations.published_on IS 'Vintage: when the source said it. Forecast revisions are rows with later vintages.';
COMMENT ON COLUMN core.observations.evidence IS 'The sentence, table cell or locator the number came from.';
COMMENT ON COLUMN core.observations.document_sha IS 'sha256 of the stored document it was parsed from (raw.documents), NULL for curated rows.';
COMMENT ON COLUMN core.observations.confidence IS 'reported (read in the source), derived (computed from reported figures) or analyst_estimate.';
COMMENT ON COLUMN core.observations.origin IS 'Which loader wrote the row: curated or a parser asset name.';
COMMENT ON COLUMN core.observations.loaded_at IS 'When the row was loaded (UTC).';

CREATE TABLE core.products (
    product_id   VARCHAR NOT NULL,
    vendor       VARCHAR NOT NULL,
    name         VARCHAR NOT NULL,
    family       VARCHAR,
    kind         VARCHAR NOT NULL,
    fabric       VARCHAR,
    generation   VARCHAR,
    announced_on DATE,
    shipping_on  DATE,
    source_id    VARCHAR NOT NULL,
    publisher    VARCHAR NOT NULL,
    title        VARCHAR NOT NULL,
    url          VARCHAR,
    via          VARCHAR,
    published_on DATE,
    evidence     VARCHAR NOT NULL,
    document_sha VARCHAR,
    confidence   VARCHAR NOT NULL,
    origin       VARCHAR NOT NULL,
    record_id    VARCHAR PRIMARY KEY
);
COMMENT ON TABLE core.products IS 'Product catalog (NICs, switch ASICs and systems, optics, NVLink switches, GPU systems); one row per product per source.';
COMMENT ON COLUMN core.products.product_id IS 'Product slug (e.g. connectx-8, quantum-x800, tomahawk-6).';
COMMENT ON COLUMN core.products.vendor IS 'Vendor.';
COMMENT ON COLUMN core.products.name IS 'Marketing name.';
COMMENT ON COLUMN core.products.family IS 'Product family (ConnectX, Quantum, Spectrum, Tomahawk, NVLink, ...).';
COMMENT ON COLUMN core.products.kind IS 'nic, switch_asic, switch_system, optics, nvlink_switch, gpu_system, dpu, cable, other.';
COMMENT ON COLUMN core.products.fabric IS 'Fabric it belongs to.';
COMMENT ON COLUMN core.products.generation IS 'Generation label (NDR, XDR, 51.2T, ...).';
COMMENT ON COLUMN core.products.announced_on IS 'Announcement date, when known.';
COMMENT ON COLUMN core.products.shipping_on IS 'First shipping date, when known.';
COMMENT ON COLUMN core.products.source_id IS 'Source id.';
COMMENT ON COLUMN core.products.publisher IS 'Publisher of the document.';
COMMENT ON COLUMN core.products.title IS 'Document title.';
COMMENT ON COLUMN core.products.url IS 'Document address.';
COMMENT ON COLUMN core.products.via IS 'Secondary carrier, when any.';
COMMENT ON COLUMN core.products.published_on IS 'Document date.';
COMMENT ON COLUMN core.products.evidence IS 'Quote or locator.';
COMMENT ON COLUMN core.products.document_sha IS 'sha256 of the stored document, NULL for curated rows.';
COMMENT ON COLUMN core.products.confidence IS 'reported, derived or analyst_estimate.';
COMMENT ON COLUMN core.products.origin IS 'Loader that wrote the row.';
COMMENT ON COLUMN core.products.record_id IS 'Stable id of this product row.';

CREATE TABLE core.events (
    record_id      VARCHAR PRIMARY KEY,
    event_date     DATE NOT NULL,
    date_precision VARCHAR NOT NULL,
    category       VARCHAR NOT NULL,
    subject        VARCHAR NOT NULL,
    event          VARCHAR NOT NULL,
    description    VARCHAR,
    fabric         VARCHAR,
    vendor         VARCHAR,
    product_id     VARCHAR,
    source_id      VARCHAR NOT NULL,
    publisher      VARCHAR NOT NULL,
    title          VARCHAR NOT NULL,
    url            VARCHAR,
    via            VARCHAR,
    published_on   DATE,
    evidence       VARCHAR NOT NULL,
    document_sha   VARCHAR,
    confidence     VARCHAR NOT NULL,
    origin         VARCHAR NOT NULL
);
COMMENT ON TABLE core.events IS 'Dated milestones: spec releases, product announcements and shipments, memberships, plugfests, software releases, deployments.';
COMMENT ON COLUMN core.events.record_id IS 'Stable id of the event row.';
COMMENT ON COLUMN core.events.event_date IS 'Date of the milestone (first day of the month/quarter/year when less precise).';
COMMENT ON COLUMN core.events.date_precision IS 'day, month, quarter, half or year.';
COMMENT ON COLUMN core.events.category IS 'spec_release, product_announcement, product_shipping, membership, plugfest, compliance, software_release, deployment, company, other.';
COMMENT ON COLUMN core.events.subject IS 'Who or what it is about (UEC, NVIDIA/nccl, a vendor, a cloud).';
COMMENT ON COLUMN core.events.event IS 'Short title of the event.';
COMMENT ON COLUMN core.events.description IS 'Longer description.';
COMMENT ON COLUMN core.events.fabric IS 'Fabric it concerns.';
COMMENT ON COLUMN core.events.vendor IS 'Vendor it concerns.';
COMMENT ON COLUMN core.events.product_id IS 'Product it concerns.';
COMMENT ON COLUMN core.events.source_id IS 'Source id.';
COMMENT ON COLUMN core.events.publisher IS 'Publisher of the document.';
COMMENT ON COLUMN core.events.title IS 'Document title.';
COMMENT ON COLUMN core.events.url IS 'Document address.';
COMMENT ON COLUMN core.events.via IS 'Secondary carrier, when any.';
COMMENT ON COLUMN core.events.published_on IS 'Document date.';
COMMENT ON COLUMN core.events.evidence IS 'Quote or locator.';
COMMENT ON COLUMN core.events.document_sha IS 'sha256 of the stored document, NULL for curated rows.';
COMMENT ON COLUMN core.events.confidence IS 'reported, derived or analyst_estimate.';
COMMENT ON COLUMN core.events.origin IS 'Loader that wrote the row.';

CREATE TABLE meta.runs (
    run_id      VARCHAR PRIMARY KEY,
    started_at  TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    mode        VARCHAR,
    status      VARCHAR NOT NULL,
    selection   VARCHAR,
    row_counts  JSON,
    message     VARCHAR
);
COMMENT ON TABLE meta.runs IS 'One row per refresh that reached the publish step: when, in which fetch mode, with what row counts.';
COMMENT ON COLUMN meta.runs.run_id IS 'Dagster run id.';
COMMENT ON COLUMN meta.runs.started_at IS 'Run start (UTC).';
COMMENT ON COLUMN meta.runs.finished_at IS 'Publish time (UTC).';
COMMENT ON COLUMN meta.runs.mode IS 'Fetch mode: offline, live or record.';
COMMENT ON COLUMN meta.runs.status IS 'published, or failed.';
COMMENT ON COLUMN meta.runs.selection IS 'Asset selection of the run, when not the whole graph.';
COMMENT ON COLUMN meta.runs.row_counts IS 'Rows per table at publish time (JSON object).';
COMMENT ON COLUMN meta.runs.message IS 'Free-text summary.';

CREATE TABLE meta.checks (
    run_id      VARCHAR NOT NULL,
    asset       VARCHAR NOT NULL,
    check_name  VARCHAR NOT NULL,
    passed      BOOLEAN NOT NULL,
    severity    VARCHAR NOT NULL,
    description VARCHAR,
    metadata    JSON,
    evaluated_at TIMESTAMP NOT NULL
);
COMMENT ON TABLE meta.checks IS 'Results of the data-quality asset checks, per run.';
COMMENT ON COLUMN meta.checks.run_id IS 'Dagster run id.';
COMMENT ON COLUMN meta.checks.asset IS 'Asset the check belongs to.';
COMMENT ON COLUMN meta.checks.check_name IS 'Check name.';
COMMENT ON COLUMN meta.checks.passed IS 'Whether it passed.';
COMMENT ON COLUMN meta.checks.severity IS 'ERROR (blocks publish) or WARN.';
COMMENT ON COLUMN meta.checks.description IS 'What was found.';
COMMENT ON COLUMN meta.checks.metadata IS 'Offending rows or figures (JSON).';
COMMENT ON COLUMN meta.checks.evaluated_at IS 'When the check ran (UTC).';
