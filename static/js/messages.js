// Kortbordet: an embedding page's message judged by its type and size before Python reads
// it (game/web/embed.py, Bridge.on_message). Python cannot look at a JS string without
// copying it (Pyodide converts a string on every access): a message of 2×10^8 characters
// kept the frame busy for 3.8 s before it was refused for its length. Here its size is
// counted without copying anything, stopping as soon as it passes the limit, and only a
// message that passes is turned into JSON text for Python.
//
// kortbordetMessageShape(event, limit) -> {kind, size, text}, for the event's data:
//   kind "other"   not a plain object (a string, number, array, null, Date, Blob...):
//                  size 0, text null; the bridge ignores it;
//   kind "foreign" a plain object holding something JSON cannot carry as data (a Map, a
//                  typed array, a Date...) or that JSON.stringify refuses (nesting too
//                  deep for it): text null;
//   kind "object"  a plain object; size counts the characters of its strings and keys and
//                  one per value, a lower bound of its JSON text's length, up to the first
//                  count over limit (size > limit: text null, nothing else is read);
//                  else text is JSON.stringify(data) and size its length.
// The kinds and sizes are judged in Python (game/web/embed.py, screen_message).
(function () {
  "use strict";

  function plain(x) {
    var proto = Object.getPrototypeOf(x);
    return proto === Object.prototype || proto === null;
  }

  function shape(event, limit) {
    var data = event.data;
    if (typeof data !== "object" || data === null || Array.isArray(data) || !plain(data)) {
      return { kind: "other", size: 0, text: null };
    }
    var size = 0, stack = [data];
    while (stack.length && size <= limit) {
      var x = stack.pop();
      var type = typeof x;
      if (type === "string") {
        size += x.length + 2;
      } else if (type === "number" || type === "boolean" || x === null || x === undefined) {
        size += 1;
      } else if (Array.isArray(x)) {
        size += 2 + x.length;            // a sparse array of 2×10^8 stops here
        for (var i = 0; i < x.length && size <= limit; i++) stack.push(x[i]);
      } else if (type === "object" && plain(x)) {
        var keys = Object.keys(x);
        size += 2 + keys.length;
        for (var k = 0; k < keys.length && size <= limit; k++) {
          size += keys[k].length + 3;
          stack.push(x[keys[k]]);
        }
      } else {
        return { kind: "foreign", size: size, text: null };
      }
    }
    if (size > limit) return { kind: "object", size: size, text: null };
    var text;
    try {
      text = JSON.stringify(data);       // at most a few times limit: every string counted
    } catch (e) {
      return { kind: "foreign", size: size, text: null };
    }
    return { kind: "object", size: text.length, text: text };
  }

  window.kortbordetMessageShape = shape;
})();
