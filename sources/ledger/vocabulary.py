"""The controlled vocabulary of every series key dimension (`sources/curated/vocabulary/*.csv`), and
the source tier of every carrier. Data, not code: this module reads and validates the files and
answers "which term does this wording mean"; every problem is "file:line: field: message".

Dimensions and their files:
  segment (segments.csv), fabric (fabrics.csv), region (regions.csv), scope (scopes.csv),
  milestone (milestones.csv), period_basis (period_bases.csv), date_precision (date_precisions.csv),
  source_tier (source_tiers.csv), mlperf_round (mlperf_rounds.csv: the round calendar, `published=` and `source=`
  in the rule): `term,name_en,name_zh,definition,parent,aliases,rule`;
  indicator (indicators.csv): `term,name_zh,rule` (the English name and definition are the ledger's
  indicators.csv; this file adds the Chinese title and `speed_in_key=yes|no`, optionally `;part_of=<indicator>`
  when the indicator measures a part of another's quantity, e.g. data-centre Ethernet switch revenue of all
  Ethernet switch revenue: marts.apparent_conflicts then shows the two side by side, different_scope);
  carriers.csv: `carrier,carrier_class,tier,owner,reason`, one row per host that carried a figure;
  entity (entity_names.csv): `entity_id,name_zh,basis`, the Chinese display name of a registered entity (the
  registry keeps its English name), the one home of the name a zh-TW series title shows.

A wording resolves to a term when it equals the term or one of its aliases after `normalize()` (case,
width, punctuation): nothing fuzzy. An alias two terms of one dimension claim is an error. Pure.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

from sources.ledger.entities import normalize

FOLDER_NAME = "vocabulary"
TERM_COLUMNS = ("term", "name_en", "name_zh", "definition", "parent", "aliases", "rule")
DIMENSION_FILES = {
    "segment": "segments.csv",
    "fabric": "fabrics.csv",
    "region": "regions.csv",
    "scope": "scopes.csv",
    "milestone": "milestones.csv",
    "period_basis": "period_bases.csv",
    "date_precision": "date_precisions.csv",
    "source_tier": "source_tiers.csv",
    # the MLPerf Training rounds MLCommons published (the round dimension of marts.mlperf_*), each with
    # `published=<month or day>;source=<address>` in its rule: the one home of which rounds exist, so a page
    # names the rounds the recordings lack
    "mlperf_round": "mlperf_rounds.csv",
}
INDICATOR_FILE, INDICATOR_COLUMNS = "indicators.csv", ("term", "name_zh", "rule")
# the Chinese display name of a registered entity (its English name is the registry's), dimension "entity"
ENTITY_NAMES_FILE, ENTITY_NAMES_COLUMNS = "entity_names.csv", ("entity_id", "name_zh", "basis")
ENTITY_NAME_BASES = ("zh-TW usage", "translation")
CARRIER_FILE, CARRIER_COLUMNS = "carriers.csv", ("carrier", "carrier_class", "tier", "owner", "reason")
CARRIER_CLASSES = ("publisher_site", "wire", "press", "aggregator", "spam_mirror", "forum", "generated")
TERM_RE = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
DEFAULT_REGION = "worldwide"
# the tier reason of a host carriers.csv does not list yet: kept, never in a consensus, listed by the tests
NOT_ASSESSED = "carrier not assessed yet (add the host to vocabulary/carriers.csv with its tier and reason)"
# tiers that may enter a consensus; the others are kept and counted, never mixed in (issue 20)
CONSENSUS_TIERS = ("original", "press")


@dataclass(frozen=True)
class Term:
    dimension: str
    term: str
    name_en: str
    name_zh: str
    definition: str | None
    parent: str | None
    aliases: tuple[str, ...]
    rule: str | None

    def flag(self, name: str) -> str | None:
        """The value of `name=value` in the rule (e.g. speed_in_key, pairs, implied_by)."""
        for part in (self.rule or "").split(";"):
            key, _, value = part.strip().partition("=")
            if key == name:
                return value.strip()
        return None


@dataclass(frozen=True)
class Carrier:
    carrier: str
    carrier_class: str
    tier: str
    owner: str | None
    reason: str

    @property
    def spam_mirror(self) -> bool:
        return self.carrier_class == "spam_mirror"


@dataclass
class Vocabulary:
    terms: dict[str, dict[str, Term]] = field(default_factory=dict)  # dimension -> term -> Term
    by_alias: dict[str, dict[str, str]] = field(default_factory=dict)  # dimension -> normalized -> term
    carriers: dict[str, Carrier] = field(default_factory=dict)

    def resolve(self, dimension: str, text: str | None) -> str | None:
        """The term a wording means, or None when the dimension's vocabulary has no such wording."""
        if not text:
            return None
        return self.by_alias.get(dimension, {}).get(normalize(text))

    def term(self, dimension: str, term: str | None) -> Term | None:
        return self.terms.get(dimension, {}).get(term) if term else None

    def ancestors(self, dimension: str, term: str) -> list[str]:
        out, seen = [term], {term}
        parent = self.terms.get(dimension, {}).get(term)
        while parent is not None and parent.parent and parent.parent not in seen:
            out.append(parent.parent)
            seen.add(parent.parent)
            parent = self.terms[dimension].get(parent.parent)
        return out

    def speed_in_key(self, indicator: str) -> bool:
        """A speed is a key dimension unless the indicator's figure is itself a speed or bandwidth (then the
        row's speed would be its own value: ConnectX-9 at 1.6T and at 800G must meet)."""
        spec = self.term("indicator", indicator)
        return spec is None or spec.flag("speed_in_key") != "no"

    def implied_fabric(self, entity_ids: list[str]) -> str | None:
        """The fabric an entity's definition fixes (an Ethernet switch market is Ethernet), looking at the
        entity and then its ancestors; None when no fabric claims it."""
        for entity in entity_ids:
            for term in self.terms.get("fabric", {}).values():
                if entity in (term.flag("implied_by") or "").split("|"):
                    return term.term
        return None

    def milestone_pairs(self, milestone: str | None) -> bool:
        spec = self.term("milestone", milestone)
        return spec is not None and spec.flag("pairs") != "no"

    def carrier_tier(
        self, url: str | None, via: str | None, publisher: str, source_kind: str | None = None
    ) -> tuple[str | None, str | None, str | None]:
        """(carrier host, tier, reason) of a record; a host carriers.csv does not list is `unverified`, NOT_ASSESSED."""
        host = carrier_host(url)
        if host is None:
            if via and "seed" in via.lower():
                return None, "unverified", "carried only by a seed document that does not name its reference"
            if source_kind == "seed":
                return None, "unverified", "seed document without an address"
            return None, None, None
        known = self.carriers.get(host)
        if known is None:
            return host, "unverified", NOT_ASSESSED
        if known.carrier_class == "publisher_site" and known.owner and normalize(known.owner) != normalize(publisher):
            return host, "press", f"quoted on {known.owner}'s own site"
        return host, known.tier, known.reason

    def rows(self) -> list[dict]:
        """core.vocabulary rows."""
        out = []
        for dimension, terms in self.terms.items():
            for t in terms.values():
                out.append(
                    {
                        "dimension": dimension,
                        "term": t.term,
                        "name_en": t.name_en,
                        "name_zh": t.name_zh,
                        "definition_en": t.definition,
                        "definition_zh": None,
                        "parent": t.parent,
                        "aliases": list(t.aliases),
                        "rule": t.rule,
                    }
                )
        return out

    def carrier_rows(self) -> list[dict]:
        """core.carriers rows."""
        return [
            {
                "carrier": c.carrier,
                "carrier_class": c.carrier_class,
                "tier": c.tier,
                "owner": c.owner,
                "spam_mirror": c.spam_mirror,
                "reason": c.reason,
            }
            for c in self.carriers.values()
        ]


def carrier_host(url: str | None) -> str | None:
    m = re.match(r"^https?://([^/?#]+)", url or "")
    if not m:
        return None
    return re.sub(r"^www\.", "", m.group(1).lower())


def _read(path: Path, columns: tuple[str, ...], errors: list[str]):
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        errors.append(f"{path.name}:0: file: missing from {path.parent.name}/")
        return
    except UnicodeDecodeError as exc:
        errors.append(f"{path.name}:1: file: not UTF-8: {exc}")
        return
    reader = csv.reader(text.splitlines(keepends=True))
    header, start = None, 1
    for cells in reader:
        line, start = start, reader.line_num + 1
        if not any(c.strip() for c in cells) or cells[0].startswith("#"):
            continue
        if header is None:
            header = [c.strip() for c in cells]
            if tuple(header) != columns:
                errors.append(f"{path.name}:{line}: header: want columns {','.join(columns)}")
                return
            continue
        if len(cells) != len(header):
            errors.append(f"{path.name}:{line}: row: {len(cells)} cells, header has {len(header)}")
            continue
        yield line, {k: v.strip() for k, v in zip(header, cells)}


def load_vocabulary(
    folder: Path,
    errors: list[str] | None = None,
    indicators: set[str] | None = None,
    entities: set[str] | None = None,
) -> Vocabulary:
    """Read and validate the vocabulary folder (`<ledger>/vocabulary`). Problems go to `errors` (the
    ledger collects them with its own); without `errors` a ValueError lists them. `indicators`, when
    given, is the ledger's catalog: every indicator must have its Chinese title, and no other may.
    `entities`, when given, is the entity registry's ids: a Chinese name must name one of them."""
    own: list[str] = errors if errors is not None else []
    before = len(own)
    folder = Path(folder)
    vocab = Vocabulary()
    for dimension, name in DIMENSION_FILES.items():
        path = folder / name
        terms: dict[str, Term] = {}
        claimed: dict[str, tuple[str, int]] = {}
        parents = []
        for line, row in _read(path, TERM_COLUMNS, own):
            here = f"{name}:{line}"
            term = row["term"]
            if not TERM_RE.match(term):
                own.append(f"{here}: term: bad term {term!r} (lowercase slug)")
                continue
            if term in terms:
                own.append(f"{here}: term: duplicate term {term!r}")
                continue
            for column in ("name_en", "name_zh"):
                if not row[column]:
                    own.append(f"{here}: {column}: required")
            aliases = tuple(a.strip() for a in row["aliases"].split("|") if a.strip())
            for alias in (term, *aliases):
                key = normalize(alias)
                if key in claimed and claimed[key][0] != term:
                    own.append(
                        f"{here}: aliases: {alias!r} already means {claimed[key][0]!r} ({name}:{claimed[key][1]})"
                    )
                else:
                    claimed.setdefault(key, (term, line))
            if row["parent"]:
                parents.append((here, row["parent"]))
            terms[term] = Term(
                dimension,
                term,
                row["name_en"],
                row["name_zh"],
                row["definition"] or None,
                row["parent"] or None,
                aliases,
                row["rule"] or None,
            )
        for here, parent in parents:
            if parent not in terms:
                own.append(f"{here}: parent: unknown {dimension} term {parent!r}")
        vocab.terms[dimension] = terms
        vocab.by_alias[dimension] = {k: v[0] for k, v in claimed.items()}
    ind: dict[str, Term] = {}
    part_of_lines: list[tuple[str, str, str]] = []
    for line, row in _read(folder / INDICATOR_FILE, INDICATOR_COLUMNS, own):
        here = f"{INDICATOR_FILE}:{line}"
        if row["term"] in ind:
            own.append(f"{here}: term: duplicate indicator {row['term']!r}")
            continue
        if indicators is not None and row["term"] not in indicators:
            own.append(f"{here}: term: {row['term']!r} is not in the ledger's indicators.csv")
        if not row["name_zh"]:
            own.append(f"{here}: name_zh: required")
        speed, _, more = (row["rule"] or "").partition(";")
        part_of = more.strip().removeprefix("part_of=").strip() if more.strip().startswith("part_of=") else None
        if speed not in ("speed_in_key=yes", "speed_in_key=no") or (more.strip() and not part_of):
            own.append(f"{here}: rule: want speed_in_key=yes or speed_in_key=no, optionally ;part_of=<indicator>")
        if part_of:
            part_of_lines.append((here, row["term"], part_of))
        ind[row["term"]] = Term("indicator", row["term"], row["term"], row["name_zh"], None, part_of, (), row["rule"])
    for here, term, part_of in part_of_lines:
        if part_of not in ind or part_of == term:
            own.append(f"{here}: rule: part_of={part_of!r} is not another indicator of {INDICATOR_FILE}")
    for missing in sorted((indicators or set()) - set(ind)):
        own.append(f"{INDICATOR_FILE}:0: term: indicator {missing!r} has no Chinese title (add a row)")
    vocab.terms["indicator"] = ind
    names: dict[str, Term] = {}
    if (folder / ENTITY_NAMES_FILE).exists():
        for line, row in _read(folder / ENTITY_NAMES_FILE, ENTITY_NAMES_COLUMNS, own):
            here = f"{ENTITY_NAMES_FILE}:{line}"
            ident = row["entity_id"]
            if ident in names:
                own.append(f"{here}: entity_id: duplicate entity {ident!r}")
                continue
            if entities is not None and ident not in entities:
                own.append(f"{here}: entity_id: {ident!r} is not in the entity registry (entities*.csv)")
            if not row["name_zh"] or not re.search(r"[\u3400-\u9fff]", row["name_zh"]):
                own.append(f"{here}: name_zh: required, in Chinese")
            if row["basis"] not in ENTITY_NAME_BASES:
                own.append(f"{here}: basis: want one of {', '.join(ENTITY_NAME_BASES)}")
            names[ident] = Term("entity", ident, ident, row["name_zh"], None, None, (), f"basis={row['basis']}")
    vocab.terms["entity"] = names
    tiers = set(vocab.terms.get("source_tier", {}))
    for line, row in _read(folder / CARRIER_FILE, CARRIER_COLUMNS, own):
        here = f"{CARRIER_FILE}:{line}"
        host = row["carrier"].lower()
        if host in vocab.carriers:
            own.append(f"{here}: carrier: duplicate host {host!r}")
            continue
        if row["carrier_class"] not in CARRIER_CLASSES:
            own.append(f"{here}: carrier_class: {row['carrier_class']!r} not one of {', '.join(CARRIER_CLASSES)}")
        if row["tier"] not in tiers:
            own.append(f"{here}: tier: {row['tier']!r} not a term of source_tiers.csv")
        if not row["reason"]:
            own.append(f"{here}: reason: required (why the host has its tier)")
        vocab.carriers[host] = Carrier(host, row["carrier_class"], row["tier"], row["owner"] or None, row["reason"])
    if errors is None and len(own) > before:
        raise ValueError(f"{len(own) - before} problem(s) in the vocabulary:\n" + "\n".join(own[before:]))
    return vocab


def published_precision(text: str | None) -> str | None:
    """Precision of a published_on cell as written: 2024 -> year, 2024-07 -> month, 2024-07-15 -> day."""
    if not text:
        return None
    if re.fullmatch(r"\d{4}", text):
        return "year"
    if re.fullmatch(r"\d{4}-\d{2}", text):
        return "month"
    return "day"


# --- resolving a ledger row's key dimensions (the ledger refuses a row whose wording has no term) ---


def _fail(check, column: str, message: str) -> None:
    if check is not None:
        check.fail(column, message)


def resolve_row(
    vocab: Vocabulary, row: dict, check=None, *, observation: bool = True, source_kind: str | None = None
) -> dict:
    """The controlled values of one curated row: segment, fabric, region, scope (observations), milestone
    and kind (events), and for both the published date's precision, the carrier and its source tier.
    A wording the vocabulary does not know is refused through `check` ("field: message") and left None.
    Region `worldwide` (the default) is stored as None, as before: record ids of unchanged rows stay put."""
    out: dict = {}
    dims = (
        (
            ("segment", "segment", "segments.csv"),
            ("fabric", "fabric", "fabrics.csv"),
            ("region", "region", "regions.csv"),
            ("scope", "scope", "scopes.csv"),
        )
        if observation
        else (("fabric", "fabric", "fabrics.csv"),)
    )
    for column, dimension, name in dims:
        text = (row.get(column) or "").strip()
        if not text:
            out[column] = None
            continue
        term = vocab.resolve(dimension, text)
        if term is None:
            _fail(check, column, f"{text!r} is not a term or alias of vocabulary/{name} (add it there)")
        out[column] = None if (column == "region" and term == DEFAULT_REGION) else term
    if not observation:
        text = (row.get("milestone") or "").strip()
        term = vocab.resolve("milestone", text) if text else vocab.resolve("milestone", row.get("category"))
        if term is None:
            _fail(
                check,
                "milestone",
                (
                    f"{text!r} is not a term or alias of vocabulary/milestones.csv"
                    if text
                    else f"category {row.get('category')!r} has no default milestone: name one "
                    "(vocabulary/milestones.csv)"
                ),
            )
        out["milestone"] = term
        kind = (row.get("kind") or "").strip() or "actual"
        if kind not in EVENT_KINDS:
            _fail(check, "kind", f"{kind!r} not one of {', '.join(EVENT_KINDS)}")
        out["kind"] = kind
    out["published_precision"] = published_precision(row.get("published_on"))
    carrier, tier, reason = vocab.carrier_tier(row.get("url"), row.get("via"), row.get("publisher") or "", source_kind)
    # no address and no seed: the ledger's provenance check refuses the row (url required)
    out.update(carrier=carrier, source_tier=tier, tier_reason=reason)
    return out


# an event the source states as fact (actual), a company's plan or target date (plan), or a third
# party's expectation (forecast): only an actual may not precede its publication
EVENT_KINDS = ("actual", "plan", "forecast")


def key_dimensions(
    vocab: Vocabulary,
    indicator: str,
    entity_chain: list[str],
    *,
    segment: str | None,
    speed_gbps: float | None,
    fabric: str | None,
    region: str | None,
) -> dict:
    """The key's view of a row's dimensions: no speed when the indicator's figure is itself a speed; the
    fabric an entity's definition fixes when the row names none (an Ethernet switch market is Ethernet, so
    its fabric-agnostic and fabric-specific statements are one series); worldwide as no region."""
    implied = vocab.implied_fabric(entity_chain)
    key_fabric = fabric or implied
    if fabric and implied and fabric != implied and implied not in vocab.ancestors("fabric", fabric):
        key_fabric = fabric  # a statement about another fabric than the entity's: keep it apart
    return {
        "segment": segment,
        "speed_gbps": speed_gbps if vocab.speed_in_key(indicator) else None,
        "fabric": key_fabric,
        "region": None if region == DEFAULT_REGION else region,
    }


def with_scope(key: str, scope: str | None) -> str:
    """indicator|entity|segment|speed|fabric|region|basis -> ...|region|scope|basis (scope '-' when none)."""
    head, basis = key.rsplit("|", 1)
    return f"{head}|{scope or '-'}|{basis}"


def default_folder() -> Path:
    from sources.ledger.format import DEFAULT_FOLDER  # the ledger folder

    return DEFAULT_FOLDER / FOLDER_NAME
