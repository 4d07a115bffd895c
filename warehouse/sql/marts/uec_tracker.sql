-- key: row_type, record_id
-- Ultra Ethernet Consortium progress: events, membership counts over time, and member products' UEC claims.
CREATE OR REPLACE VIEW marts.uec_tracker AS
WITH uec_events AS (
    SELECT e.*, concat_ws(' ', e.subject, e.event, e.description, e.evidence) AS text
    FROM core.events e
    WHERE e.fabric = 'uec'
       OR concat_ws(' ', e.subject, e.event, e.description) ILIKE '%ultra ethernet%'
       OR regexp_matches(concat_ws(' ', e.subject, e.event, e.description), '\bUEC\b')
),
uec_products AS (
    SELECT p.*, concat_ws(' ', p.name, p.generation, p.evidence) AS text
    FROM core.products p
    WHERE p.fabric = 'uec' OR concat_ws(' ', p.name, p.evidence) ILIKE '%ultra ethernet%'
       OR regexp_matches(concat_ws(' ', p.name, p.evidence), '\bUEC\b')
),
rows AS (
    SELECT CASE WHEN product_id IS NOT NULL THEN 'product_claim' ELSE 'event' END AS row_type,
           event_date AS on_date, date_precision, category, subject, event AS title, description,
           NULL::DOUBLE AS member_count, NULL AS member_count_qualifier, NULL AS count_basis,
           vendor, product_id, text, source_id, publisher, url, published_on, record_id
    FROM uec_events
    UNION ALL
    SELECT 'product_claim', coalesce(announced_on, published_on), 'day', 'product', vendor, name, generation,
           NULL, NULL, NULL, vendor, product_id, text, source_id, publisher, url, published_on, record_id
    FROM uec_products
    WHERE coalesce(announced_on, published_on) IS NOT NULL
    UNION ALL
    SELECT 'membership_count', coalesce(published_on, period_end),
           CASE WHEN published_on IS NOT NULL THEN 'day' ELSE 'period_end' END, 'membership', subject,
           printf('%s%g members', coalesce(value_qualifier, ''), value), note,
           value, value_qualifier, 'stated', NULL, NULL, NULL, source_id, publisher, url, published_on, record_id
    FROM core.observations_stated
    WHERE indicator = 'uec_members'
    UNION ALL
    SELECT 'membership_count', listed_on, 'day', 'membership', 'Ultra Ethernet Consortium',
           printf('%d members listed', count(DISTINCT name)), NULL,
           count(DISTINCT name), NULL, 'members_page', NULL, NULL, NULL, source_id, NULL, min(url), listed_on,
           'members_page:' || source_id || ':' || coalesce(CAST(listed_on AS VARCHAR), '-')
    FROM core.uec_members
    GROUP BY source_id, listed_on
)
SELECT row_type, on_date, date_precision, category, subject, title, description,
       member_count, member_count_qualifier, count_basis, vendor, product_id,
       CASE WHEN row_type <> 'product_claim' THEN NULL
            WHEN text ILIKE '%compliant%' THEN 'compliant'
            WHEN text ILIKE '%ready%' THEN 'ready'
            WHEN text ILIKE '%capable%' THEN 'capable'
            ELSE 'claimed' END AS uec_status,
       source_id, publisher, url, published_on, record_id
FROM rows
WHERE on_date IS NOT NULL;

COMMENT ON VIEW marts.uec_tracker IS 'Ultra Ethernet Consortium in time order: events (spec releases, plugfests, memberships), membership counts (stated counts and members-page listings), and products with their claimed UEC status.';
COMMENT ON COLUMN marts.uec_tracker.row_type IS 'event, membership_count or product_claim.';
COMMENT ON COLUMN marts.uec_tracker.on_date IS 'Date of the event, count or claim (first day of the month/quarter/year when less precise).';
COMMENT ON COLUMN marts.uec_tracker.date_precision IS 'day, month, quarter, half, year, or period_end for a count dated only by its period.';
COMMENT ON COLUMN marts.uec_tracker.category IS 'Event category (spec_release, membership, plugfest, compliance, product_announcement, ...), product for catalog rows, membership for counts.';
COMMENT ON COLUMN marts.uec_tracker.subject IS 'Who or what it is about.';
COMMENT ON COLUMN marts.uec_tracker.title IS 'Event title, product name, or the count as text (e.g. >100 members).';
COMMENT ON COLUMN marts.uec_tracker.description IS 'Longer description (event description, product generation, count note).';
COMMENT ON COLUMN marts.uec_tracker.member_count IS 'Members, count (membership_count rows).';
COMMENT ON COLUMN marts.uec_tracker.member_count_qualifier IS 'Hedge on the count (> ~ ...), NULL when exact.';
COMMENT ON COLUMN marts.uec_tracker.count_basis IS 'stated (a count a document gives) or members_page (organizations listed on a members page).';
COMMENT ON COLUMN marts.uec_tracker.vendor IS 'Vendor of the product or event.';
COMMENT ON COLUMN marts.uec_tracker.product_id IS 'Product the claim is about.';
COMMENT ON COLUMN marts.uec_tracker.uec_status IS 'Claimed UEC status of a product, read from its text: compliant, ready, capable, or claimed (UEC named without a qualifier).';
COMMENT ON COLUMN marts.uec_tracker.source_id IS 'Source id.';
COMMENT ON COLUMN marts.uec_tracker.publisher IS 'Publisher of the document.';
COMMENT ON COLUMN marts.uec_tracker.url IS 'Document address.';
COMMENT ON COLUMN marts.uec_tracker.published_on IS 'Document date.';
COMMENT ON COLUMN marts.uec_tracker.record_id IS 'Id of the underlying event, product or observation row (members_page:<source>:<date> for page listings).';
