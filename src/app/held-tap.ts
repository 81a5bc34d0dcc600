/**
 * Which element a tap held before hydration is replayed on (deferred-boot.ts), as source text: the boot
 * script is inline in every public page, so this is plain ES5 it pastes in, and held-tap.test.ts runs
 * the very same text.
 *
 * - `actionable(target, scope)`: the control the tap was meant for, the nearest actionable ancestor of
 *   the event's target inside `scope` (a finger lands on the icon or the inner span of a button: the
 *   button is clicked, never the <svg>); the nearest HTML element when none is actionable.
 * - `pathOf(el, scope)`: how to find it again if hydration replaced it: its id and its index among the
 *   actionable elements of `scope` (the island; both sides render the same tree).
 * - `refind(el, path, scope)`: the element itself while it is still in `scope`, else the element with
 *   its id, else the one at its index; null when nothing matches.
 * - `replay(el)`: what the tap does, once: the control gets the focus the tap gave it (which its
 *   hydrated code never heard of: an accordion's trigger acts only once focused), unless the visitor has
 *   moved on to another control since, then a real click (`HTMLElement.prototype.click`).
 */
const ACTIONABLE =
  "button,a[href],summary,label,input,select,textarea,[role=button],[role=link],[role=tab],[role=radio],[role=checkbox]," +
  "[role=option],[role=switch],[role^=menuitem],[data-part$=trigger]";

export const HELD_TAP_SOURCE = `var ACTIONABLE = ${JSON.stringify(ACTIONABLE)};
  function actionable(target, scope) {
    var el = target.closest(ACTIONABLE);
    if (el && el !== scope && scope.contains(el)) return el;
    for (el = target; el && !(el instanceof HTMLElement); el = el.parentElement);
    return el;
  }
  function pathOf(el, scope) {
    return { id: el.id, index: [].indexOf.call(scope.querySelectorAll(ACTIONABLE), el) };
  }
  function refind(el, path, scope) {
    if (scope.contains(el)) return el;
    var byId = path.id && document.getElementById(path.id);
    if (byId && scope.contains(byId)) return byId;
    return (path.index >= 0 && scope.querySelectorAll(ACTIONABLE)[path.index]) || null;
  }
  function replay(el) {
    var focused = document.activeElement;
    if (focused === el) el.blur();
    if (focused === el || !focused || focused === document.body) el.focus({ preventScroll: true });
    el.click();
  }`;
