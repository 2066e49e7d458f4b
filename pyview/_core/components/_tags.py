"""Tag and attribute tables for the element builders (data only, no logic; security rules live in ``_policy``)."""

from __future__ import annotations

HTML_TAGS = frozenset(
    """a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption
    cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset
    figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins
    kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup option output
    p picture pre progress q rp rt ruby s samp search section select slot small source span strong style
    sub summary sup table tbody td template textarea tfoot th thead time title tr track u ul var video
    wbr""".split()  # noqa: SIM905
)

SVG_TAGS = frozenset(
    """svg animate animateMotion animateTransform circle clipPath defs desc ellipse feBlend
    feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap
    feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge
    feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence
    filter foreignObject g image line linearGradient marker mask metadata mpath path pattern polygon
    polyline radialGradient rect set stop switch symbol text textPath tspan use view""".split()  # noqa: SIM905
)

#: ``h.linear_gradient`` -> ``linearGradient``: snake_case spellings of the camelCase SVG tags.
SNAKE_TAGS = {"".join("_" + c.lower() if c.isupper() else c for c in t): t for t in SVG_TAGS if t.lower() != t}

VOID_TAGS = frozenset(
    """area base br col embed hr img input link meta source track wbr""".split()  # noqa: SIM905
)

# What is refused (elements, attributes, URL schemes) is not here: see the one policy table in _policy.py.

#: snake_case keyword -> attribute name, where the simple ``_`` -> ``-`` rule is wrong.
SPECIAL_NAMES = {
    "class_": "class",
    "class_name": "class",
    "className": "class",
    "for_": "for",
    "html_for": "for",
    "htmlFor": "for",
    "accept_charset": "accept-charset",
    "http_equiv": "http-equiv",
    "xlink_href": "xlink:href",
    "xml_lang": "xml:lang",
    "xml_space": "xml:space",
    "tab_index": "tabindex",
    "tabIndex": "tabindex",
    "read_only": "readonly",
    "max_length": "maxlength",
    "min_length": "minlength",
    "auto_complete": "autocomplete",
    "auto_focus": "autofocus",
    "content_editable": "contenteditable",
    "spell_check": "spellcheck",
    "col_span": "colspan",
    "row_span": "rowspan",
    "default_value": "value",
    "default_checked": "checked",
    "default_selected": "selected",
}
for _camel in """viewBox preserveAspectRatio gradientUnits gradientTransform patternUnits
    patternContentUnits patternTransform markerWidth markerHeight markerUnits refX refY pathLength
    clipPathUnits maskUnits maskContentUnits textLength lengthAdjust stdDeviation baseFrequency
    numOctaves spreadMethod startOffset filterUnits primitiveUnits tableValues kernelMatrix
    xChannelSelector yChannelSelector diffuseConstant specularExponent specularConstant surfaceScale
    attributeName repeatCount keyTimes keySplines calcMode stitchTiles kernelUnitLength
    limitingConeAngle pointsAtX pointsAtY pointsAtZ""".split():  # noqa: SIM905
    SPECIAL_NAMES["".join("_" + c.lower() if c.isupper() else c for c in _camel)] = _camel

#: Attributes rendered as the strings "true"/"false" rather than present/absent.
ENUMERATED_BOOL = frozenset(
    """draggable spellcheck contenteditable translate""".split()  # noqa: SIM905
)

#: Events that do not bubble: dom.js listens for them in the capture phase.
NON_BUBBLING = frozenset(
    """focus blur mouseenter mouseleave pointerenter pointerleave load error scroll toggle""".split()  # noqa: SIM905
)
