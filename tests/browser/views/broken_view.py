"""A View whose start-up raises: the error panel must name this file and the line of the raise."""


def load_settings() -> dict[str, str]:
    settings: dict[str, str] = {}
    return {"units": settings["units"]}  # KeyError: line 6


async def main() -> None:
    load_settings()
