"""Main-text extraction: what a reader sees, one block per line."""

from __future__ import annotations

import pytest

from sources.text import main_text


@pytest.mark.parametrize(
    "html,expected",
    [
        # navigation, scripts, footers and cookie banners are not content
        (
            "<html><body><nav>Menu</nav><main><h1>Title</h1><p>Hello   world.</p><script>x()</script>"
            "<div class='cookie-banner'>We use cookies</div><p>Second</p></main><footer>f</footer></body></html>",
            "Title\nHello world.\nSecond",
        ),
        # no <main>: the body, with table cells on their own lines
        ("<body><table><tr><td>Ports</td><td>64 x 800GbE</td></tr></table></body>", "Ports\n64 x 800GbE"),
        # text after a dropped element stays (lxml keeps it in the element's tail)
        ("<body><p>Before <script>var a;</script>after</p></body>", "Before after"),
        # <article> when there is no <main>
        ("<body><div class='sidebar'>Related</div><article><p>Body text</p></article></body>", "Body text"),
        # non-ASCII and full-width spaces
        ("<body><p>乙太網路\u3000有效吞吐量約 95%</p></body>", "乙太網路 有效吞吐量約 95%"),
        # plain text is folded per line
        ("line one  \n\n   line   two", "line one\nline two"),
        ("<!-- only a comment -->", ""),
    ],
)
def test_main_text(html, expected):
    assert main_text(html) == expected
