// pyview dev page: the tool form, built from a tool's JSON Schema (no innerHTML: every text goes through
// textContent). Defaults are filled in, enums become selects (an optional one gets an empty choice), required
// fields are required, numbers and integers are number inputs, booleans checkboxes (an optional boolean without a
// default a three-way select; an optional enum without a default starts on an empty choice), arrays, objects and anything else a JSON field that is checked before the call.
"use strict";

// a property's schema with $ref resolved and Optional (anyOf/oneOf with null, type [x, "null"]) unwrapped
function pyviewField(prop, root, depth = 0) {
  if (!prop || typeof prop !== "object" || depth > 8) return { type: "json" };
  const { $ref, anyOf, oneOf, ...rest } = prop;
  if (typeof $ref === "string" && $ref.startsWith("#/")) {
    let target = root;
    for (const key of $ref.slice(2).split("/")) target = target?.[key];
    return { ...pyviewField(target, root, depth + 1), ...rest };
  }
  const choices = anyOf || oneOf;
  if (Array.isArray(choices)) {
    const real = choices.filter((c) => c?.type !== "null");
    const nullable = real.length < choices.length;
    const inner = real.length === 1 ? pyviewField(real[0], root, depth + 1) : { type: "json" };
    return { ...inner, ...rest, nullable: nullable || inner.nullable };
  }
  if (Array.isArray(prop.type)) {
    const real = prop.type.filter((t) => t !== "null");
    return { ...prop, type: real.length === 1 ? real[0] : "json", nullable: real.length < prop.type.length };
  }
  if (prop.const !== undefined) return { ...prop, enum: [prop.const] };
  return { ...prop, type: prop.type || (prop.enum ? "enum" : "json") };
}

function pyviewFormControl(name, field, required, value) {
  const has = value !== undefined && value !== null;
  let input;
  if (Array.isArray(field.enum)) {
    input = document.createElement("select");
    if (!required && (field.default === undefined || field.default === null)) input.append(new Option("—", ""));
    input.append(...field.enum.map((v) => new Option(String(v), JSON.stringify(v))));
    input.value = has ? JSON.stringify(value) : "";
    input.dataset.type = "enum";
  } else if (field.type === "boolean" && (required || typeof field.default === "boolean")) {
    input = Object.assign(document.createElement("input"), { type: "checkbox", checked: !!value });
    input.dataset.type = "boolean";
  } else if (field.type === "boolean") {
    input = document.createElement("select");
    input.append(new Option("—", ""), new Option("true", "true"), new Option("false", "false"));
    input.value = has ? String(value) : "";
    input.dataset.type = "enum";
  } else if (field.type === "number" || field.type === "integer") {
    input = Object.assign(document.createElement("input"), { type: "number", step: field.type === "integer" ? "1" : "any" });
    for (const [key, attr] of [["minimum", "min"], ["maximum", "max"]]) if (typeof field[key] === "number") input[attr] = field[key];
    input.value = has ? String(value) : "";
    input.dataset.type = field.type;
  } else if (field.type === "string") {
    input = Object.assign(document.createElement("input"), { type: "text", value: has ? String(value) : "" });
    if (typeof field.maxLength === "number") input.maxLength = field.maxLength;
    input.dataset.type = "string";
  } else {
    input = document.createElement("textarea");
    input.value = has ? JSON.stringify(value, null, 1) : "";
    input.placeholder = field.type === "array" ? "[ ... ] (JSON)" : field.type === "object" ? "{ ... } (JSON)" : "JSON";
    input.dataset.type = "json";
  }
  input.name = name;
  if (required && input.type !== "checkbox") input.required = true;
  return input;
}

// the form for `tool`; `values` (the last call's arguments) win over the schema's defaults
function pyviewBuildForm(form, tool, values, onCall) {
  form.replaceChildren();
  const schema = tool.inputSchema || {};
  const required = new Set(schema.required || []);
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const field = pyviewField(prop, schema);
    const label = document.createElement("label");
    label.textContent = (field.title || name) + (required.has(name) ? " *" : "") + " ";
    const input = pyviewFormControl(name, field, required.has(name), name in values ? values[name] : field.default);
    label.append(input);
    if (field.description) label.append(Object.assign(document.createElement("span"), { className: "hint", textContent: String(field.description) }));
    form.append(label);
  }
  const call = Object.assign(document.createElement("button"), { type: "submit", className: "primary", textContent: `Call ${tool.name}` });
  form.append(call);
  form.onsubmit = (event) => {
    event.preventDefault();
    const values = pyviewFormValues(form);
    if (values) onCall(values);
  };
}

// the arguments, or null (with the bad JSON fields marked) when one does not parse
function pyviewFormValues(form) {
  const values = {};
  let ok = true;
  form.querySelectorAll(".field-error").forEach((e) => e.remove());
  for (const input of form.querySelectorAll("[name]")) {
    const type = input.dataset.type;
    if (type === "boolean") values[input.name] = input.checked;
    else if (input.value === "") continue;
    else if (type === "number" || type === "integer") values[input.name] = Number(input.value);
    else if (type === "string") values[input.name] = input.value;
    else {
      try {
        values[input.name] = JSON.parse(input.value);
      } catch (error) {
        ok = false;
        input.after(Object.assign(document.createElement("span"), { className: "field-error", textContent: `not JSON: ${error.message}` }));
      }
    }
  }
  return ok ? values : null;
}
