"""A View for the harness tests: renders its tool data with ``js`` and talks to the host through ``App``."""

import asyncio

import js
from pyodide.ffi import create_proxy

from pyview.app import App

app = App("harness-view", "1.0.0", available_display_modes=["inline", "fullscreen"])
_tasks = set()


def element(tag, id, text=""):
    node = js.document.createElement(tag)
    node.id = id
    node.textContent = text
    js.document.getElementById("pyview-root").appendChild(node)
    return node


def show(id, text):
    js.document.getElementById(id).textContent = text


@app.on_tool_input
def on_input(tool_input):
    show("input", f"city={tool_input.arguments.get('city')}")


@app.on_tool_result
def on_result(result):
    show("result", result.text)


@app.on_host_context_changed
def on_context(changed):
    show("theme", f"theme={app.theme} mode={app.display_mode}")


async def refresh():
    result = await app.call_server_tool("refresh", {"city": "Oslo"})
    show("result", result.text)
    await app.update_model_context(structured_content={"shown": result.structured_content})
    await app.send_message("Tell me more about Oslo")


async def go_fullscreen():
    mode = await app.request_display_mode("fullscreen")
    show("theme", f"theme={app.theme} mode={mode}")


def on_click(coroutine_fn):
    def handler(event):
        task = asyncio.ensure_future(coroutine_fn())
        _tasks.add(task)
        task.add_done_callback(done)

    return create_proxy(handler)


def done(task):
    # a failed request is shown (a test waits for it), not left to surface whenever the task is collected
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        show("error", f"{type(task.exception()).__name__}: {task.exception()}")


def boom(event):
    raise ZeroDivisionError("the View's button handler failed")


async def main():
    js.document.getElementById("pyview-root").textContent = ""
    element("p", "input", "no input")
    element("p", "result", "no result")
    element("p", "theme", "")
    element("p", "error", "")
    element("button", "refresh", "Refresh").addEventListener("click", on_click(refresh))
    element("button", "fullscreen", "Fullscreen").addEventListener("click", on_click(go_fullscreen))
    element("button", "boom", "Boom").addEventListener("click", create_proxy(boom))
    await app.connect()
    show("theme", f"theme={app.theme} mode={app.display_mode}")
