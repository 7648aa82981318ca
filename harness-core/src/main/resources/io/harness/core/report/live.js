// The live page: fetches the hub's JSON every second and redraws the charts (no animation: each redraw is final).
(function () {
  'use strict';
  var COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
  var first = document.querySelector('canvas[data-live-json]');
  var source = first ? first.getAttribute('data-live-json') : 'live.json';
  var status = document.getElementById('live-status');

  function chart(id, yTitle) {
    return new Chart(document.getElementById(id), {
      type: 'line',
      data: { datasets: [] },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: false, normalized: true,
        scales: {
          x: { type: 'linear', title: { display: true, text: 'seconds of the run' } },
          y: { beginAtZero: true, title: { display: true, text: yTitle } }
        },
        plugins: { legend: { position: 'bottom' } }
      }
    });
  }

  var charts = {
    mb: chart('live-mb', 'MB/s'), ops: chart('live-ops', 'calls/s'),
    p99: chart('live-p99', 'ms'), tasks: chart('live-tasks', 'tasks')
  };

  // one colour per name on every chart ('all' and 'running' first), in the order names are first seen
  var colours = {};
  function colour(name) {
    if (!(name in colours)) {
      colours[name] = COLORS[Object.keys(colours).length % COLORS.length];
    }
    return colours[name];
  }
  colour('all');

  function draw(c, series, own) {
    c.data.datasets = Object.keys(series).map(function (name, i) {
      var col = own ? COLORS[i % COLORS.length] : colour(name);
      return { label: name, data: series[name], borderColor: col, backgroundColor: col, pointRadius: 0,
        borderWidth: 2 };
    });
    c.update('none');
  }

  function series(ticks, perKind, all) {
    var out = {};
    if (all) {
      out.all = ticks.map(function (t) { return { x: t.seconds, y: all(t) }; });
    }
    ticks.forEach(function (t) {
      Object.keys(t.kinds).forEach(function (k) {
        (out[k] = out[k] || []).push({ x: t.seconds, y: perKind(t.kinds[k]) });
      });
    });
    return out;
  }

  function fixed(v, d) { return v == null ? '' : Number(v).toFixed(d); }

  function cell(row, text) { var td = document.createElement('td'); td.textContent = text; row.appendChild(td); }

  function show(d) {
    var run = d.run;
    if (!run) {
      status.textContent = 'no run yet';
      return;
    }
    var ticks = run.ticks || [];
    var tasks = run.tasks || {};
    status.textContent = (d.note ? d.note + ' | ' : '') + (d.running ? 'running: ' : 'ended: ') + run.workload + ' ' + run.operation + ' on '
      + run.target + ' (' + run.run_id + '), ' + fixed(run.seconds, 1) + ' s, '
      + fixed(run.bytes / 1048576, 1) + ' MB, ' + run.operations + ' calls; tasks ' + tasks.running + ' running, '
      + tasks.done + ' done, ' + tasks.failed + ' failed, ' + tasks.stuck + ' stuck'
      + (d.runs > 1 ? '; run ' + d.runs + ' of this command' : '');
    draw(charts.mb, series(ticks, function (k) { return k.mbPerSec; }, function (t) { return t.mbPerSec; }));
    draw(charts.ops, series(ticks, function (k) { return k.opsPerSec; }, function (t) { return t.opsPerSec; }));
    draw(charts.p99, series(ticks, function (k) { return k.p99Ms; }, function (t) { return t.p99Ms; }));
    var states = {};
    ['running', 'done', 'failed', 'stuck'].forEach(function (s) {
      states[s] = ticks.map(function (t) { return { x: t.seconds, y: t.tasks[s] }; });
    });
    draw(charts.tasks, states, true);
    // what a test reads back from the DOM: the points each chart holds
    Object.keys(charts).forEach(function (k) {
      var c = charts[k];
      c.canvas.setAttribute('data-points', c.data.datasets.reduce(function (n, s) { return n + s.data.length; }, 0));
    });
    var body = document.querySelector('#live-finished tbody');
    body.textContent = '';
    (d.finished || []).forEach(function (f) {
      var fig = f.figures || {};
      var row = document.createElement('tr');
      [f.run_id, f.workload, f.operation, fig.exit, fixed(fig.seconds, 3), fixed(fig.bytes / 1048576, 2),
        fixed(fig.mb_per_sec, 2), f.operations].forEach(function (v) { cell(row, v == null ? '' : String(v)); });
      body.appendChild(row);
    });
  }

  function poll() {
    fetch(source, { cache: 'no-store' }).then(function (r) { return r.json(); }).then(show).catch(function (e) {
      status.textContent = 'the harness no longer answers (the command ended?): ' + e;
    }).then(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
