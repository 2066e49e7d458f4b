/* pyview View state on a re-mount (documents that run Python only; the server runtime gets it from its event tool).
 * A tool result of a View using use_view_state carries _meta.pyview.stateful and its instance id. Its tree was
 * rendered with the defaults when the tool was called; the frame may be a re-mount of a View whose state changed
 * since. So before painting, the shim asks the server (pyview_state get, with the result to render) for the stored
 * values and a tree rendered with them, and paints that. Only if no answer comes within stateWaitMs (default 800)
 * is the result's own tree painted; Python then loads the values itself.
 *
 *   pyviewRestore.take(message)             a host message: true for the answer (kept from Python), notes tool input
 *   pyviewRestore.ask(params, show, post)   ask, then show(tree): the restored one, or the result's own; show
 *                                           also hands the result to Python (boot.js holds it until then)
 *   pyviewRestore.values(instance)          the values the painted tree shows (JSON), for Python's first render
 *   pyviewRestore.paints                    per stateful result: "state" or "result" (what was painted), or
 *                                           "python" (Python was up and renders it itself, with the values)
 */
globalThis.pyviewRestore = (() => {
  "use strict";
  const ID = "pyview-boot:state:";
  const paints = [];
  // wait: [request id, instance, result tree, timer, show] while the answer is awaited; shown: [instance, values
  // as JSON]; a newer result ends the wait of an older one (its message goes on to Python, nothing painted)
  let input = {};
  let asked = 0;
  let wait = null;
  let shown = null;
  const answered = (answer) => {
    if (!wait) return;
    const [, instance, tree, timer, show] = wait;
    wait = null;
    clearTimeout(timer);
    const got = (answer && !answer.isError && answer._meta && answer._meta.pyview) || {};
    if (got.values) shown = [instance, JSON.stringify(got.values)];
    const source = Array.isArray(got.tree) ? "state" : "result";
    if (show(source === "state" ? got.tree : tree)) paints.push(source);
    // a result that came while Python ran: Python renders it (with these values), nothing was painted here
    else paints.push("python");
  };
  return {
    paints,
    take(data) {
      if (data && data.method === "ui/notifications/tool-input") input = (data.params && data.params.arguments) || {};
      if (!data || !String(data.id).startsWith(ID) || "method" in data) return false;
      if (wait && data.id === wait[0]) answered(data.result);
      return true;
    },
    ask(params, show, post) {
      const { tree, session, stateful, ...own } = params._meta.pyview;
      if (wait) {
        const show = wait[4];
        clearTimeout(wait[3]);
        wait = null;
        show();
      }
      const id = ID + ++asked;
      wait = [id, own.instance, tree, setTimeout(answered, globalThis.pyviewBoot.config.stateWaitMs || 800), show];
      const result = { ...params, _meta: { ...params._meta, pyview: own } };
      post({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "pyview_state",
        arguments: { instance: own.instance, op: "get", render: { result, input } } } });
    },
    values(instance) {
      return shown && shown[0] === instance ? shown[1] : undefined;
    },
  };
})();
