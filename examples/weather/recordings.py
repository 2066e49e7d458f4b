"""Recorded Open-Meteo exchanges: record them when online, replay them in tests through ``httpx2.MockTransport``.

Re-record every scenario (the machine must reach Open-Meteo)::

    python examples/weather/recordings.py            # writes tests/examples/fixtures/open_meteo/*.json

Each file holds one scenario: the requests ``forecasts.Forecaster`` made for one city name, each with the response it
got, and a ``provenance`` line saying where the response comes from (tests/examples/fixtures/open_meteo/README.md
names the public recordings the committed files come from). :func:`replay` serves them back strictly: a request
whose method, URL or parameters differ from every recording fails loudly and says which parameters differ, so a
test can never reach the network by accident, and a change to what the client asks cannot pass unnoticed. A
recording another project made with its own request (``seattle.json``, ``enschede.json``: not in ``SCENARIOS``, so
never rewritten) has a ``compare`` list: only those parameters (the place and time zone) must match.

Example:
    >>> sorted(SCENARIOS)
    ['denver', 'hollywood', 'nowhere']
    >>> key(httpx2.Request("GET", "https://geocoding-api.open-meteo.com/v1/search?name=Denver"))
    'GET https://geocoding-api.open-meteo.com/v1/search?name=Denver'
"""

from __future__ import annotations

import argparse
import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx2

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "examples" / "fixtures" / "open_meteo"
# file name -> what is asked: a forecast, namesakes in one country (a choice), a name nothing matches
SCENARIOS = {"denver": "Denver", "hollywood": "Hollywood", "nowhere": "Xyzzyplughnowhere"}


def load(name: str, folder: Path = FIXTURES) -> dict[str, Any]:
    """One scenario file (``provenance``, ``query``, ``exchanges``) by name, e.g. ``load("seattle")``."""
    document: dict[str, Any] = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return document


def key(request: httpx2.Request) -> str:
    """A request as the key recordings are found by: method, URL without the query, then the sorted parameters."""
    url = request.url
    return f"{request.method} {url.scheme}://{url.host}{url.path}?{_query(url.params.multi_items())}"


def _query(items: list[tuple[str, str]]) -> str:
    return "&".join(f"{name}={value}" for name, value in sorted(items))


class Recorder(httpx2.AsyncBaseTransport):
    """Passes requests to a real transport and keeps each request with its response."""

    def __init__(self, inner: httpx2.AsyncBaseTransport) -> None:
        self.inner = inner
        self.exchanges: list[dict[str, Any]] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self.inner.handle_async_request(request)
        body = await response.aread()
        url = request.url
        self.exchanges.append(
            {
                "request": {"url": f"{url.scheme}://{url.host}{url.path}", "params": dict(url.params.multi_items())},
                "response": {"status": response.status_code, "json": json.loads(body)},
            }
        )
        return httpx2.Response(response.status_code, headers=response.headers, content=body)


def replay(folder: Path = FIXTURES) -> httpx2.MockTransport:
    """A transport answering exactly the requests recorded in ``folder``; any other request raises ``LookupError``.

    The error names the recorded requests to the same URL and the parameters that differ, e.g.
    ``count: sent '10', recorded (absent)``. An exchange with a ``compare`` list (a recording another project made
    with its own request) answers any request whose listed parameters match (numbers to 4 decimals).
    """
    answers: dict[str, tuple[int, Any]] = {}
    compared: dict[str, list[str]] = {}  # key of a partly compared recording -> the parameters it compares
    for path in sorted(folder.glob("*.json")):
        for exchange in json.loads(path.read_text(encoding="utf-8"))["exchanges"]:
            request = httpx2.Request("GET", exchange["request"]["url"], params=exchange["request"]["params"])
            names = exchange.get("compare")
            if names:
                request = _only(request, names)
                compared[key(request)] = names
            answers[key(request)] = (exchange["response"]["status"], exchange["response"]["json"])

    def answer(request: httpx2.Request) -> httpx2.Response:
        found = answers.get(key(request))
        for names in compared.values() if found is None else ():
            found = found or answers.get(key(_only(request, names)))
        if found is None:
            raise LookupError(_mismatch(request, answers, compared))
        return httpx2.Response(found[0], json=found[1])

    return httpx2.MockTransport(answer)


def _only(request: httpx2.Request, names: list[str]) -> httpx2.Request:
    """``request`` with only the parameters ``names`` (those it has), numbers to the 4 decimals the client sends.

    '52.27' is '52.2700' and '6.87417' is '6.8742' (a coordinate to about 10 m; Open-Meteo's grid is kilometres).
    """
    params = [(name, _value(value)) for name, value in request.url.params.multi_items() if name in names]
    return httpx2.Request(request.method, request.url.copy_with(query=None), params=params)


def _value(text: str) -> str:
    try:
        return f"{float(text):.4f}"
    except ValueError:
        return text


def _mismatch(request: httpx2.Request, answers: dict[str, Any], compared: dict[str, list[str]]) -> str:
    """Why ``request`` has no recording: the closest recorded request to the same URL, parameter by parameter."""
    endpoint = key(request).split("?")[0] + "?"
    lines = [f"no recorded Open-Meteo response for {key(request)}"]
    for recorded in (known for known in answers if known.startswith(endpoint)):
        params = dict(httpx2.URL(recorded.split(" ", 1)[1]).params.multi_items())
        names = compared.get(recorded)
        sent = dict((_only(request, names) if names else request).url.params.multi_items())
        differ = [
            f"{name}: sent {sent.get(name, '(absent)')!r}, recorded {params.get(name, '(absent)')!r}"
            for name in sorted(set(sent) | set(params))
            if sent.get(name) != params.get(name)
        ]
        only = f" (compared: {', '.join(names)})" if names else ""
        lines.append(f"  vs {recorded}{only}: " + "; ".join(differ))
    lines.append("(re-record online: python examples/weather/recordings.py)")
    return "\n".join(lines)


async def record(folder: Path, inner: httpx2.AsyncBaseTransport | None = None) -> None:
    """Ask Open-Meteo for every scenario and write what it answered (``inner``: the transport, for tests)."""
    from forecasts import Forecaster
    from places import AmbiguousCity, UnknownCity

    folder.mkdir(parents=True, exist_ok=True)
    for name, query in SCENARIOS.items():
        recorder = Recorder(inner or httpx2.AsyncHTTPTransport())
        try:
            await Forecaster("online", transport=recorder).weather(query)
        except (UnknownCity, AmbiguousCity) as exc:
            print(f"{name}: {exc}")
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        document = {
            "provenance": f"recorded from Open-Meteo on {stamp} by examples/weather/recordings.py",
            "query": query,
            "exchanges": recorder.exchanges,
        }
        (folder / f"{name}.json").write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"{name}: {len(recorder.exchanges)} exchanges -> {folder / (name + '.json')}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Record Open-Meteo responses for the weather example's tests.")
    parser.add_argument("--out", type=Path, default=FIXTURES, help=f"folder for the recordings (default: {FIXTURES})")
    asyncio.run(record(parser.parse_args(argv).out))


if __name__ == "__main__":
    main()
