"""Recorded Open-Meteo exchanges: record them when online, replay them in tests through ``httpx2.MockTransport``.

Re-record every scenario (the machine must reach Open-Meteo)::

    python examples/weather/recordings.py            # writes tests/examples/fixtures/open_meteo/*.json

Each file holds one scenario: the requests ``forecasts.Forecaster`` made for one city name, each with the response it
got, and a ``provenance`` line saying when and how the file was made. :func:`replay` serves them back: a request
that was not recorded fails loudly, so a test can never reach the network by accident.

Example:
    >>> transport = replay(FIXTURES)
    >>> sorted(scenario for scenario in SCENARIOS)
    ['denver', 'nowhere', 'portland']
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
SCENARIOS = {"denver": "Denver", "portland": "Portland", "nowhere": "Qxzqvbrt"}  # file name -> what is asked


def key(request: httpx2.Request) -> str:
    """A request as the key recordings are found by: URL without the query, then the sorted parameters."""
    url = request.url
    params = "&".join(f"{name}={value}" for name, value in sorted(url.params.multi_items()))
    return f"{url.scheme}://{url.host}{url.path}?{params}"


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
    """A transport answering every recorded request in ``folder`` (and refusing any other)."""
    answers: dict[str, tuple[int, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        for exchange in json.loads(path.read_text(encoding="utf-8"))["exchanges"]:
            request = httpx2.Request("GET", exchange["request"]["url"], params=exchange["request"]["params"])
            answers[key(request)] = (exchange["response"]["status"], exchange["response"]["json"])

    def answer(request: httpx2.Request) -> httpx2.Response:
        found = answers.get(key(request))
        if found is None:
            raise LookupError(f"no recorded Open-Meteo response for {key(request)} (re-record: recordings.py)")
        return httpx2.Response(found[0], json=found[1])

    return httpx2.MockTransport(answer)


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
