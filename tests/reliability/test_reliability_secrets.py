"""No credentials in the repository; a whole refresh with a token set writes it nowhere."""

from __future__ import annotations

import re
import subprocess

import pytest

from bench import reliability as rel

# Shapes of real credentials (GitHub, AWS, Slack, private keys, basic-auth URLs, assignments).
PATTERNS = re.compile(
    r"(ghp_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|AKIA[0-9A-Z]{16}|xox[abp]-[A-Za-z0-9-]{10,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----|https?://[^/\s:@]+:[^/\s:@]+@"
    r"|\b(?:password|passwd|secret|api_key|token)\b\s*[:=]\s*['\"][^'\"\s]{8,}['\"])",
    re.IGNORECASE,
)
ALLOWED = {"tests/sources/fetch/test_fetch_secrets.py", "tests/reliability/test_reliability_secrets.py"}  # fake tokens


def test_no_credentials_in_tracked_files():
    files = subprocess.run(["git", "ls-files"], cwd=rel.ROOT, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in files:
        if name in ALLOWED:
            continue
        try:
            text = (rel.ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        found += [f"{name}: {m.group(0)[:40]}" for m in PATTERNS.finditer(text)]
    assert found == []


@pytest.mark.slow
def test_a_refresh_with_a_token_in_the_environment_writes_it_nowhere(home):
    token = "ghp_FAKEtokenForRefresh0123456789abcdefAB"
    out = rel.cli(home, "refresh", "--force", FABRICWATCH_GITHUB_TOKEN=token)
    assert out.returncode == 0
    assert token not in out.stdout and token not in out.stderr
    leaks = [str(p) for p in home.rglob("*") if p.is_file() and token.encode() in p.read_bytes()]
    assert leaks == []  # warehouse, releases, stored documents, Dagster's run storage and logs
