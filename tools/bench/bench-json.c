#include "tools/bench/bench.h"

/* Small helpers for the JSON results, built with json-glib so that names are escaped. */
void
bench_json_string (JsonBuilder *b, const char *k, const char *v)
{
  json_builder_set_member_name (b, k);
  if (v)
    json_builder_add_string_value (b, v);
  else
    json_builder_add_null_value (b);
}

void
bench_json_int (JsonBuilder *b, const char *k, gint64 v)
{
  json_builder_set_member_name (b, k);
  json_builder_add_int_value (b, v);
}

void
bench_json_double (JsonBuilder *b, const char *k, double v)
{
  json_builder_set_member_name (b, k);
  json_builder_add_double_value (b, v);
}

void
bench_json_bool (JsonBuilder *b, const char *k, gboolean v)
{
  json_builder_set_member_name (b, k);
  json_builder_add_boolean_value (b, v);
}

int
bench_cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}
