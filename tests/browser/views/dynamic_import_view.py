"""A View that imports a standard library module by name at run time, which the inline document left out."""

import importlib


def load_codec_tables() -> object:
    return importlib.import_module("xml.dom." + "minidom")  # line 7: no static import names it


async def main() -> None:
    load_codec_tables()
