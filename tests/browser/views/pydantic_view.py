"""A View that validates its tool result with a pydantic model (pydantic and pydantic-core embedded with --package)."""

import js
from pydantic import BaseModel, ValidationError

from pyview.app import App


class Conditions(BaseModel):
    city: str
    temperature_c: float
    condition: str


app = App("pydantic-check", "1.0.0")


@app.on_tool_result
def show(result) -> None:  # type: ignore[no-untyped-def]
    root = js.document.getElementById("pyview-root")
    try:
        now = Conditions.model_validate(result.structured_content)
    except ValidationError as exc:
        first = exc.errors()[0]
        root.textContent = f"invalid result: {'.'.join(map(str, first['loc']))}: {first['msg']}"
        return
    root.textContent = f"{now.city}: {now.temperature_c:.1f} °C, {now.condition}"


async def main() -> None:
    await app.connect()
