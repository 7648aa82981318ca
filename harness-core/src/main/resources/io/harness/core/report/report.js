// Draws the report's charts: each canvas has its Chart.js configuration in the JSON element beside it.
(function () {
  'use strict';
  Chart.defaults.animation = false;
  Chart.defaults.responsive = true;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.size = 12;

  // ranges of the time axis that the records do not measure, or that a window left out
  const shade = {
    id: 'shade',
    beforeDatasetsDraw(chart, args, options) {
      const ranges = (options && options.ranges) || [];
      const area = chart.chartArea;
      const x = chart.scales.x;
      const ctx = chart.ctx;
      ctx.save();
      for (const r of ranges) {
        const from = Math.max(area.left, x.getPixelForValue(r.from));
        const to = Math.min(area.right, x.getPixelForValue(r.to));
        if (!(to > from)) {
          continue;
        }
        ctx.fillStyle = r.colour;
        ctx.fillRect(from, area.top, to - from, area.bottom - area.top);
        ctx.beginPath();
        ctx.rect(from, area.top, to - from, area.bottom - area.top);
        ctx.clip();
        ctx.fillStyle = '#555';
        ctx.font = '11px sans-serif';
        ctx.textBaseline = 'top';
        ctx.fillText(r.label, from + 4, area.top + 4);
        ctx.restore();
        ctx.save();
      }
      ctx.restore();
    }
  };
  Chart.register(shade);

  // HdrHistogram's percentile axis: x = 1 / (1 - p), labelled at 0%, 90%, 99%, 99.9% ...
  function percentileOf(x) {
    return 100 * (1 - 1 / x);
  }
  function percentileLabel(x) {
    const e = Math.round(Math.log10(x));
    return percentileOf(x).toFixed(Math.max(0, e - 2)) + '%';
  }

  for (const element of document.querySelectorAll('script.chart-config')) {
    const config = JSON.parse(element.textContent);
    const canvas = document.getElementById(element.dataset.canvas);
    const options = config.options;
    const x = options.scales && options.scales.x;
    if (x && x.percentile) {
      x.ticks = Object.assign({}, x.ticks, {
        callback(value) {
          const e = Math.log10(value);
          return Math.abs(e - Math.round(e)) < 1e-9 ? percentileLabel(value) : null;
        }
      });
      options.plugins.tooltip = {
        callbacks: {
          title(items) {
            return items.length ? 'p' + percentileOf(items[0].parsed.x).toPrecision(6).replace(/\.?0+$/, '') : '';
          }
        }
      };
    }
    options.plugins.legend = Object.assign({
      position: 'bottom',
      labels: {
        filter(item, data) {
          return !data.datasets[item.datasetIndex].thin;
        }
      }
    }, options.plugins.legend);
    options.interaction = { mode: 'nearest', intersect: false };
    new Chart(canvas, config);
  }
})();
