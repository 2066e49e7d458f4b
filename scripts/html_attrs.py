"""Which attributes each HTML and SVG element takes, for the typed ``h`` stub (scripts/gen_htags.py); data only.

Names are the attribute names as the page has them (``accept-charset``, ``viewBox``); the generator derives the
keyword spellings the builders accept (``accept_charset``, ``view_box``/``viewBox``, ``class_``...). Facts from the
HTML Living Standard's attribute index, WAI-ARIA 1.2 and SVG 2. The runtime does not read this module: a builder
accepts any attribute name the security policy allows; only mypy uses these lists, to catch a misspelled one.
Refused attributes (``srcdoc``, ``http-equiv``, ``on*``) are listed nowhere: the generator leaves them out anyway.
"""

from __future__ import annotations


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: Attributes every HTML element takes (``role`` and the ARIA attributes are added to every element too).
HTML_GLOBAL = _words(
    """accesskey autocapitalize autocorrect autofocus class contenteditable dir draggable enterkeyhint exportparts
    hidden id inert inputmode is itemid itemprop itemref itemscope itemtype lang nonce part popover slot spellcheck
    style tabindex title translate writingsuggestions xml:lang data-testid"""
)

#: WAI-ARIA 1.2 states and properties, plus ``role``: on every element, HTML and SVG.
ARIA = _words(
    """role aria-activedescendant aria-atomic aria-autocomplete aria-braillelabel aria-brailleroledescription
    aria-busy aria-checked aria-colcount aria-colindex aria-colindextext aria-colspan aria-controls aria-current
    aria-describedby aria-description aria-details aria-disabled aria-dropeffect aria-errormessage aria-expanded
    aria-flowto aria-grabbed aria-haspopup aria-hidden aria-invalid aria-keyshortcuts aria-label aria-labelledby
    aria-level aria-live aria-modal aria-multiline aria-multiselectable aria-orientation aria-owns aria-placeholder
    aria-posinset aria-pressed aria-readonly aria-relevant aria-required aria-roledescription aria-rowcount
    aria-rowindex aria-rowindextext aria-rowspan aria-selected aria-setsize aria-sort aria-valuemax aria-valuemin
    aria-valuenow aria-valuetext"""
)

_FORM_SUBMIT = "formaction formenctype formmethod formnovalidate formtarget"
_MEDIA = "src crossorigin preload autoplay loop muted controls controlslist disableremoteplayback"

#: Attributes of one HTML element besides the global ones.
HTML_ATTRS: dict[str, tuple[str, ...]] = {
    tag: _words(names)
    for tag, names in {
        "a": "href target download ping rel hreflang type referrerpolicy xlink:href",  # h.a is SVG's <a> too
        "area": "alt coords shape href target download ping rel referrerpolicy",
        "audio": _MEDIA,
        "blockquote": "cite",
        "button": f"command commandfor disabled form {_FORM_SUBMIT} name popovertarget popovertargetaction type value",
        "canvas": "width height",
        "col": "span",
        "colgroup": "span",
        "data": "value",
        "del": "cite datetime",
        "details": "name open",
        "dialog": "open closedby",
        "embed": "src type width height",
        "fieldset": "disabled form name",
        "form": "accept-charset action autocomplete enctype method name novalidate target rel",
        "html": "xmlns",
        "iframe": "src name sandbox allow allowfullscreen width height referrerpolicy loading",
        "img": "alt src srcset sizes crossorigin usemap ismap width height referrerpolicy decoding loading "
        "fetchpriority",
        "input": f"accept alpha alt autocomplete capture checked colorspace dirname disabled form {_FORM_SUBMIT} "
        "height indeterminate list max maxlength min minlength multiple name pattern placeholder popovertarget "
        "popovertargetaction readonly required size src step type value width",
        "ins": "cite datetime",
        "label": "for",
        "li": "value",
        "link": "href crossorigin rel as media hreflang type sizes imagesrcset imagesizes referrerpolicy integrity "
        "blocking color disabled fetchpriority",
        "map": "name",
        "meta": "name content charset media",
        "meter": "value min max low high optimum",
        "object": "data type name form width height",
        "ol": "reversed start type",
        "optgroup": "disabled label",
        "option": "disabled label selected value",
        "output": "for form name",
        "progress": "value max",
        "q": "cite",
        "select": "autocomplete disabled form multiple name required size value",
        "slot": "name",
        "source": "type media src srcset sizes width height",
        "style": "media blocking",
        "td": "colspan rowspan headers",
        "template": "shadowrootmode shadowrootdelegatesfocus shadowrootclonable shadowrootserializable",
        "textarea": "autocomplete cols dirname disabled form maxlength minlength name placeholder readonly required "
        "rows wrap value",
        "th": "colspan rowspan headers scope abbr",
        "time": "datetime",
        "track": "default kind label src srclang",
        "video": f"{_MEDIA} poster playsinline width height",
    }.items()
}

#: Attributes of every SVG element (one shared set: core, presentation, geometry, gradient, filter and animation
#: attributes). Finer per-element lists would catch ``h.circle(d=...)`` too, at the cost of a far larger stub.
SVG_ATTRS = _words(
    """id class style lang tabindex xml:lang xml:space xmlns xmlns:xlink autofocus data-testid
    requiredExtensions systemLanguage href xlink:href xlink:title target download type
    alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation color-interpolation-filters
    cursor direction display dominant-baseline fill fill-opacity fill-rule filter flood-color flood-opacity
    font-family font-size font-size-adjust font-stretch font-style font-variant font-weight image-rendering
    letter-spacing lighting-color marker-end marker-mid marker-start mask mask-type opacity overflow paint-order
    pointer-events shape-rendering stop-color stop-opacity stroke stroke-dasharray stroke-dashoffset stroke-linecap
    stroke-linejoin stroke-miterlimit stroke-opacity stroke-width text-anchor text-decoration text-overflow
    text-rendering transform transform-origin unicode-bidi vector-effect visibility white-space word-spacing
    writing-mode focusable
    viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry d points pathLength dx dy rotate
    textLength lengthAdjust startOffset method spacing side
    gradientUnits gradientTransform spreadMethod fx fy fr offset
    patternUnits patternContentUnits patternTransform markerWidth markerHeight markerUnits refX refY orient
    clipPathUnits maskUnits maskContentUnits
    filterUnits primitiveUnits in in2 result mode operator k1 k2 k3 k4 values tableValues slope intercept amplitude
    exponent stdDeviation edgeMode kernelMatrix order divisor bias targetX targetY preserveAlpha kernelUnitLength
    surfaceScale diffuseConstant specularConstant specularExponent limitingConeAngle pointsAtX pointsAtY pointsAtZ
    azimuth elevation scale xChannelSelector yChannelSelector radius baseFrequency numOctaves seed stitchTiles
    crossorigin
    attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode keyTimes keySplines
    from to by additive accumulate path keyPoints"""
)

#: DOM events a handler may be given for (``on_click=``): words split by ``_`` are the snake spelling
#: (``on_key_down``); the joined name (``on_keydown``) is accepted too, as the builders do.
EVENTS = _words(
    """abort animation_cancel animation_end animation_iteration animation_start aux_click before_input
    before_toggle blur cancel can_play can_play_through change click close composition_end composition_start
    composition_update context_lost context_menu context_restored copy cue_change cut dblclick double_click drag
    drag_end drag_enter drag_leave drag_over drag_start drop duration_change emptied ended error focus focus_in
    focus_out form_data got_pointer_capture input invalid key_down key_press key_up load loaded_data
    loaded_metadata load_start lost_pointer_capture mouse_down mouse_enter mouse_leave mouse_move mouse_out
    mouse_over mouse_up paste pause play playing pointer_cancel pointer_down pointer_enter pointer_leave
    pointer_move pointer_out pointer_over pointer_up progress rate_change reset resize scroll scroll_end seeked
    seeking select select_start slot_change stalled submit suspend time_update toggle touch_cancel touch_end
    touch_move touch_start transition_cancel transition_end transition_run transition_start volume_change waiting
    wheel"""
)
