/* The checks of the C baselines, shared by payload_json_c.c (one payload per HTTP request) and
 * bulk_json_c.c (one payload per NDJSON line): what a team writing Preflight's payload-only
 * path in C would ship. A payload is parsed with json-c and checked for size (4096),
 * `aps.mutable-content == 1`, an alert with text, a media URL under `image`, the keys of `aps`
 * against the ones Apple defines, and the text checks Preflight makes of title, subtitle and
 * body (a template placeholder, blank ends, the characters against 44/44/178, counted as code
 * points); the report is written in Preflight's shape, byte for byte the same for the bench's
 * payloads (bench/payload-1k.json and bench/process/bulk.sh's three lines), which the bench
 * scripts check before they time anything. */
#ifndef PAYLOAD_CHECKS_H
#define PAYLOAD_CHECKS_H

#include <json-c/json.h>
#include <stddef.h>

enum verdict { VERDICT_PASS, VERDICT_WARN, VERDICT_FAIL };

/* The codes a baseline reports, in byte order of their names (the order of a summary's codes;
 * payload_codes_sorted() checks it). */
enum code {
    CODE_APS_ALERT_TRUNCATED,
    CODE_APS_KEY_UNKNOWN,
    CODE_APS_MUTABLE_CONTENT_MISSING,
    CODE_MEDIA_NOT_FETCHED,
    CODE_PAYLOAD_INVALID_JSON,
    CODE_PAYLOAD_TOO_LARGE,
    CODE_COUNT
};

extern const char *const payload_code_names[CODE_COUNT];

/* Whether payload_code_names is in byte order (1) or not (0). */
int payload_codes_sorted(void);

/* What a report says beyond its bytes: its verdict and the codes of its findings, each once, in
 * the order they first appear (a summary counts them). */
struct judgement {
    enum verdict verdict;
    size_t code_count;
    enum code codes[CODE_COUNT];
};

/* Judges the `length` bytes of a payload with `tokener` (reset first), writing the report into
 * `out` (`capacity` bytes; 2048 hold any report of these checks with a short URL) and its length
 * into `*written`. Returns 0; -1 when the report does not fit, with `*written` left as it was. */
int judge_payload(struct json_tokener *tokener, const char *bytes, size_t length, char *out, size_t capacity,
                  size_t *written, struct judgement *judgement);

/* judge_payload's checks and report for a payload already parsed into the object `root`, of
 * `length` bytes as sent (a batch's item: its payload written back compact). */
int judge_object(struct json_object *root, size_t length, char *out, size_t capacity, size_t *written,
                 struct judgement *judgement);

/* Writes Preflight's report for an NDJSON line of `length` bytes over `max_line` (skipped unread)
 * into `out`, as judge_payload does. */
int judge_oversize(size_t length, size_t max_line, char *out, size_t capacity, size_t *written,
                   struct judgement *judgement);

#endif
