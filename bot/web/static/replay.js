// The replay on a game page: buttons, the arrow keys and the move list step through the moves
// without reloading the page (each step's picture is a cached PNG); without JavaScript the same
// controls are plain links.
(function () {
  "use strict";
  const box = document.getElementById("replay");
  if (!box) return;
  const total = Number(box.dataset.total);
  const base = box.dataset.picture;
  const img = document.getElementById("frame");
  const where = document.getElementById("where");
  const what = document.getElementById("what");
  const list = document.getElementById("moves");
  const links = Array.from(list.querySelectorAll("a[data-step]"));
  let step = Number(box.dataset.step);

  function show(n) {
    n = Math.max(0, Math.min(total, n));
    if (n === step) return;
    step = n;
    img.src = base + n + ".png";
    img.alt = img.dataset.alt.replace("{step}", n);
    where.textContent = list.dataset.where.replace("{step}", n).replace("{total}", total);
    what.textContent = links[n].textContent;
    links.forEach(function (a) {
      a.parentElement.classList.toggle("current", Number(a.dataset.step) === n);
    });
    links[n].scrollIntoView({ block: "nearest" });
    history.replaceState(null, "", "?step=" + n + "#replay");
    document.querySelectorAll("a[data-lang]").forEach(function (a) {
      const url = new URL(a.href);
      url.searchParams.set("step", n); // the other language opens at the same move
      a.href = url.toString();
    });
    if (n < total) new Image().src = base + (n + 1) + ".png"; // the next step, ahead
    update();
  }

  function update() {
    const targets = { first: 0, prev: step - 1, next: step + 1, last: total };
    Object.keys(targets).forEach(function (id) {
      const t = Math.max(0, Math.min(total, targets[id]));
      const el = document.getElementById(id);
      el.href = "?step=" + t + "#replay";
      el.classList.toggle("disabled", t === step);
    });
  }

  function go(n) {
    return function (event) {
      event.preventDefault();
      show(typeof n === "function" ? n() : n);
    };
  }

  document.getElementById("first").addEventListener("click", go(0));
  document.getElementById("prev").addEventListener("click", go(function () { return step - 1; }));
  document.getElementById("next").addEventListener("click", go(function () { return step + 1; }));
  document.getElementById("last").addEventListener("click", go(total));
  links.forEach(function (a) {
    a.addEventListener("click", go(Number(a.dataset.step)));
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: total };
    if (event.key in keys) {
      event.preventDefault();
      show(keys[event.key]);
    }
  });
  update();
})();
