"""pyview's one security policy: which elements, attributes and URLs may reach a View's page.

One table (:data:`TABLE`) drives every place markup is made: the element builders (``h.<tag>``, ``h("tag")``),
:func:`~pyview.components.render_to_string` (the pre-rendered first paint) and ``pyview/_core/runtime/dom.js`` (patches
and hydration), which reads ``pyview/_core/runtime/policy.js``, generated from this table by
``python -m pyview._tooling.packager._policy_js`` (a test fails when the committed file is out of date).

Names are compared case-insensitively (ASCII) with any namespace prefix dropped: ``svg:SCRIPT`` is ``script``,
``XLINK:HREF`` is ``href``. A URL is refused unless it is relative or its scheme is allowed; the scheme is read the
way a browser reads it, after dropping every control character and space (``" java\\tscript:"`` is
``javascript:``). ``data:`` URLs are allowed only for images and media, never in frames, and SVG images only where
they are shown as an image (``<img src>``, SVG ``<image href>``).

Standard library only, nothing imported: this module is part of the browser core.

Example:
    >>> tag_problem("svg:SCRIPT")
    'the element runs code or changes how the whole document loads'
    >>> attr_problem("a", "HREF", " java\\tscript:alert(1)")
    "the scheme 'javascript:' is not allowed"
    >>> attr_problem("img", "src", "data:image/png;base64,AAAA") is None
    True
"""

from __future__ import annotations

#: Elements never built: ``script`` in any spelling or namespace, ``base`` (re-targets every relative URL),
#: ``plaintext`` (swallows the rest of the document, the boot's scripts included), ``meta`` (a referrer policy or a
#: refresh for the whole document) and ``link`` (prefetch, preload, DNS prefetch and preconnect reach the network
#: outside most CSP directives, and a View's styles are its own ``<style>``).
REFUSED_TAGS = frozenset({"script", "base", "plaintext", "meta", "link"})

#: Attributes never set, whatever their value. Every name starting with ``on`` (inline handlers) is refused too.
REFUSED_ATTRS = frozenset({"srcdoc", "http-equiv"})

#: Attributes whose value is a URL the browser may navigate to, load or run (local names).
URL_ATTRS = frozenset(
    """href src action formaction poster cite background data codebase manifest ping lowsrc dynsrc longdesc
    usemap icon profile classid archive base""".split()  # noqa: SIM905
)

#: URL schemes allowed in every URL attribute (besides relative URLs and the ``data:`` rules below).
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})

#: ``data:`` media types allowed in URL attributes (not in :data:`FRAME_TAGS`).
DATA_TYPES = frozenset(
    """image/png image/jpeg image/jpg image/gif image/webp image/avif image/bmp image/x-icon
    image/vnd.microsoft.icon""".split()  # noqa: SIM905
)
#: ``data:`` media type prefixes allowed likewise (audio and video play, they do not run).
DATA_TYPE_PREFIXES = ("audio/", "video/")
#: ``data:`` types allowed only where the URL is shown as an image (an SVG document could run script elsewhere).
IMAGE_ONLY_DATA_TYPES = frozenset({"image/svg+xml"})
#: ``"tag attribute"`` pairs whose URL is only ever decoded as an image.
IMAGE_CONTEXTS = frozenset({"img src", "image href", "feimage href", "video poster", "input src"})
#: Elements whose URL becomes a document of its own: no ``data:`` URL at all.
FRAME_TAGS = frozenset({"iframe", "frame", "embed", "object", "portal", "fencedframe"})

#: SVG animation elements (local names, lower case) and the attributes whose values they write into their target.
ANIMATION_TAGS = frozenset({"set", "animate", "animatetransform", "animatemotion", "animatecolor"})
ANIMATION_VALUE_ATTRS = frozenset({"to", "from", "by", "values"})
#: The attribute naming an animation's target attribute: it may not name a refused or ``on*`` attribute.
ANIMATION_TARGET_ATTR = "attributename"

#: Elements that ``document`` exposes by their ``name`` (``<img>`` and ``<object>`` by ``id`` too), and the attributes
#: that do it. Such a property overrides the document's own members (``document.createElement``), so these may not
#: name a member pyview's runtime reads: :data:`DOCUMENT_MEMBERS`.
NAMED_TAGS = frozenset({"embed", "form", "iframe", "img", "object"})
NAMING_ATTRS = frozenset({"name", "id"})
#: The members of ``document`` that pyview's runtime (the JS shim and the browser core) reads; a test keeps this
#: list complete. Compared case-sensitively, as the browser looks them up.
DOCUMENT_MEMBERS = frozenset(
    """activeElement addEventListener body createDocumentFragment createElement createElementNS createTextNode
    documentElement getElementById head readyState""".split()  # noqa: SIM905
)

#: DOM properties a patch may set (``.value`` ...): the controlled form values, nothing else.
PROPERTIES = frozenset({"value", "checked", "indeterminate"})

#: The table, as data: ``pyview/_core/runtime/policy.js`` is generated from it.
TABLE: dict[str, list[str]] = {
    "refusedTags": sorted(REFUSED_TAGS),
    "refusedAttrs": sorted(REFUSED_ATTRS),
    "urlAttrs": sorted(URL_ATTRS),
    "safeSchemes": sorted(SAFE_SCHEMES),
    "dataTypes": sorted(DATA_TYPES),
    "dataTypePrefixes": list(DATA_TYPE_PREFIXES),
    "imageOnlyDataTypes": sorted(IMAGE_ONLY_DATA_TYPES),
    "imageContexts": sorted(IMAGE_CONTEXTS),
    "frameTags": sorted(FRAME_TAGS),
    "animationTags": sorted(ANIMATION_TAGS),
    "animationValueAttrs": sorted(ANIMATION_VALUE_ATTRS),
    "animationTargetAttr": [ANIMATION_TARGET_ATTR],
    "properties": sorted(PROPERTIES),
    "namedTags": sorted(NAMED_TAGS),
    "namingAttrs": sorted(NAMING_ATTRS),
    "documentMembers": sorted(DOCUMENT_MEMBERS),
}

_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = str.maketrans(_UPPER, _UPPER.lower())
# what a URL parser ignores (and more: every control character and space, anywhere), then ASCII lower case
_SQUASH = str.maketrans({**{chr(c): None for c in range(0x21)}, "\x7f": None, **{c: c.lower() for c in _UPPER}})
_NAME_FIRST = frozenset(_UPPER + _UPPER.lower())
_NAME_CHARS = frozenset(_UPPER + _UPPER.lower() + "0123456789-_.:")
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789+-.")

# name -> 0 (any value is fine), 1 (the value is checked), or the reason it is refused; tag -> reason or None.
# Filled on first use, up to a bound (names can come from data).
_KINDS: dict[str, int | str] = {}
_TAGS: dict[str, str | None] = {}
_CACHE_MAX = 4096
_CHECKED_ATTRS = URL_ATTRS | ANIMATION_VALUE_ATTRS | NAMING_ATTRS | {ANIMATION_TARGET_ATTR}


def local_name(name: str) -> str:
    """The name compared by the policy: ASCII lower case, namespace prefix dropped.

    Example:
        >>> local_name("XLINK:HREF"), local_name("svg:Script"), local_name("viewBox")
        ('href', 'script', 'viewbox')
    """
    return name[name.rfind(":") + 1 :].translate(_LOWER)


def valid_name(name: str) -> bool:
    """A name every DOM API accepts: an ASCII letter, then letters, digits, ``-_.``, and at most one ``:`` that is
    followed by a letter (``xlink:href``).

    Example:
        >>> valid_name("data-x"), valid_name("xml:lang"), valid_name('x" onload="1'), valid_name("a:b:c")
        (True, True, False, False)
    """
    if not name or name[0] not in _NAME_FIRST or not set(name) <= _NAME_CHARS:
        return False
    colon = name.find(":")
    return colon < 0 or (name.find(":", colon + 1) < 0 and colon + 1 < len(name) and name[colon + 1] in _NAME_FIRST)


def tag_problem(tag: str) -> str | None:
    """Why the element ``tag`` may not be built, or ``None`` when it may.

    Example:
        >>> tag_problem("div") is None, tag_problem("svg:rect") is None
        (True, True)
        >>> tag_problem("SCRIPT")
        'the element runs code or changes how the whole document loads'
    """
    if tag in _TAGS:
        return _TAGS[tag]
    why = None
    if not valid_name(tag):
        why = "not a valid element name"
    elif local_name(tag) in REFUSED_TAGS:
        why = "the element runs code or changes how the whole document loads"
    if len(_TAGS) < _CACHE_MAX:
        _TAGS[tag] = why
    return why


def attr_kind(name: str) -> int | str:
    """What the policy does with attribute ``name``: ``0`` any value is fine, ``1`` its value is checked
    (:func:`attr_problem`), or the reason it is always refused.

    Example:
        >>> attr_kind("title"), attr_kind("xlink:href"), attr_kind("SRCDOC")
        (0, 1, 'the attribute can load a document or run code')
    """
    kind = _KINDS.get(name)
    if kind is not None:
        return kind
    local = local_name(name)
    if not valid_name(name):
        kind = "not a valid attribute name"
    elif local.startswith("on"):
        kind = "inline event handlers run code (pass a Python function: on_click=handler)"
    elif local in REFUSED_ATTRS:
        kind = "the attribute can load a document or run code"
    elif local in _CHECKED_ATTRS:
        kind = 1
    else:
        kind = 0
    if len(_KINDS) < _CACHE_MAX:
        _KINDS[name] = kind
    return kind


def attr_problem(tag: str, name: str, value: str) -> str | None:
    """Why attribute ``name=value`` may not be set on ``<tag>``, or ``None`` when it may.

    Example:
        >>> attr_problem("a", "href", "https://example.com/") is None
        True
        >>> attr_problem("iframe", "srcDoc", "<p>")
        'the attribute can load a document or run code'
        >>> attr_problem("set", "to", "javascript:alert(1)")
        "the scheme 'javascript:' is not allowed"
        >>> attr_problem("form", "name", "getElementById")
        "the name would replace document.getElementById, which pyview's runtime calls"
    """
    kind = attr_kind(name)
    if kind == 0:
        return None
    if type(kind) is str:
        return kind
    local = local_name(name)
    element = local_name(tag)
    if local in NAMING_ATTRS:
        if element in NAMED_TAGS and value in DOCUMENT_MEMBERS:
            return f"the name would replace document.{value}, which pyview's runtime calls"
        return None
    if local in URL_ATTRS:
        why = url_problem(element, local, value)
    elif element not in ANIMATION_TAGS:
        return None
    elif local == ANIMATION_TARGET_ATTR:
        target = local_name(value.translate(_SQUASH))
        if target.startswith("on") or target in REFUSED_ATTRS:
            return f"an animation may not write {target!r}"
        return None
    else:  # to/from/by/values: what the animation writes, maybe into an href
        why = None
        for part in value.split(";"):
            why = why or url_problem(element, local, part)
    return why


def url_problem(tag: str, attr: str, url: str) -> str | None:
    """Why ``url`` may not be the value of URL attribute ``attr`` of ``<tag>`` (both local names), or ``None``.

    Example:
        >>> url_problem("a", "href", "/orders?page=2") is None, url_problem("a", "href", "mailto:x@y") is None
        (True, True)
        >>> url_problem("a", "href", "data:image/svg+xml,<svg onload=alert(1)>")
        "a data: URL of type 'image/svg+xml' is not allowed in <a href>"
    """
    if ":" not in url:
        return None
    squashed = url.translate(_SQUASH)
    colon = squashed.find(":")
    scheme = squashed[:colon]
    if not scheme or scheme[0] not in _NAME_FIRST or not set(scheme) <= _SCHEME_CHARS:
        return None  # no scheme: a relative URL (the browser reads it so too)
    if scheme in SAFE_SCHEMES:
        return None
    if scheme != "data":
        return f"the scheme {scheme + ':'!r} is not allowed"
    if tag in FRAME_TAGS:
        return f"a data: URL is not allowed in <{tag}> (it would be a document of its own)"
    media = squashed[colon + 1 :].split(",", 1)[0].split(";", 1)[0]
    if media in DATA_TYPES or media.startswith(DATA_TYPE_PREFIXES):
        return None
    if media in IMAGE_ONLY_DATA_TYPES and f"{tag} {attr}" in IMAGE_CONTEXTS:
        return None
    return f"a data: URL of type {media!r} is not allowed in <{tag} {attr}>"


def prop_allowed(name: str) -> bool:
    """Whether a patch may set the DOM property ``name`` (``.value`` and friends).

    Example:
        >>> prop_allowed("value"), prop_allowed("innerHTML")
        (True, False)
    """
    return name in PROPERTIES
