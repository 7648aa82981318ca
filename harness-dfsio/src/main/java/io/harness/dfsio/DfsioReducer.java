package io.harness.dfsio;

import io.harness.core.result.LatencySummary;
import io.harness.dfsio.PartFile;
import java.io.IOException;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Accumulates the maps' statistics into the part file: {@code l:} keys are summed as longs and
 * {@code f:} keys as floats (TestDFSIO's AccumulatingReducer rules), other {@code s:} keys are joined
 * with {@code ;}; the harness's keys merge by meaning: the earliest start, the latest end, the sum of
 * the latency histograms and of the per-second byte counts.
 */
public final class DfsioReducer extends Reducer<Text, Text, Text, Text> {
  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    String k = key.toString();
    String result;
    if (k.equals(PartFile.FIRST_START)) {
      long min = Long.MAX_VALUE;
      for (Text v : values) {
        min = Math.min(min, Long.parseLong(v.toString()));
      }
      result = String.valueOf(min);
    } else if (k.equals(PartFile.LAST_END)) {
      long max = Long.MIN_VALUE;
      for (Text v : values) {
        max = Math.max(max, Long.parseLong(v.toString()));
      }
      result = String.valueOf(max);
    } else if (k.startsWith(PartFile.HISTOGRAM_PREFIX)) {
      Histogram sum = new Histogram(3);
      for (Text v : values) {
        sum.add(PartFile.decode(v.toString()));
      }
      result = LatencySummary.of(sum).histogram();
    } else if (k.equals(PartFile.BYTES_PER_SECOND)) {
      SortedMap<Long, Long> sum = new TreeMap<>();
      for (Text v : values) {
        PartFile.parseSeries(v.toString()).forEach((sec, b) -> sum.merge(sec, b, Long::sum));
      }
      result = io.harness.dfsio.PartFileOutput.formatSeries(sum);
    } else if (k.startsWith("l:")) {
      long sum = 0;
      for (Text v : values) {
        sum += Long.parseLong(v.toString());
      }
      result = String.valueOf(sum);
    } else if (k.startsWith("f:")) {
      float sum = 0;
      for (Text v : values) {
        sum += Float.parseFloat(v.toString());
      }
      result = String.valueOf(sum);
    } else {
      StringBuilder s = new StringBuilder();
      for (Text v : values) {
        s.append(s.length() == 0 ? "" : ";").append(v);
      }
      result = s.toString();
    }
    context.write(key, new Text(result));
  }
}
