/* The checks and the report of the C baselines (payload_checks.h says which). */
#include "payload_checks.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

const char *const payload_code_names[CODE_COUNT] = {
    "aps.alert.truncated", "aps.key.unknown", "aps.mutable-content.missing",
    "media.not-fetched",   "payload.invalid-json", "payload.too-large",
};

int payload_codes_sorted(void) {
    for (int i = 1; i < CODE_COUNT; i++) {
        if (strcmp(payload_code_names[i - 1], payload_code_names[i]) >= 0) return 0;
    }
    return 1;
}

/* The keys Apple defines in `aps` (Preflight's PayloadRules.apsKeyChecks). */
static const char *const aps_keys[] = {
    "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
    "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
    "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
    "input-push-token", "input-push-channel",
};

/* A report being written: `overflow` once something did not fit (the rest is not written). */
struct writer {
    char *out;
    size_t at;
    size_t capacity;
    int overflow;
};

static void put(struct writer *w, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put(struct writer *w, const char *format, ...) {
    if (w->overflow) return;
    va_list arguments;
    va_start(arguments, format);
    int n = vsnprintf(w->out + w->at, w->capacity - w->at, format, arguments);
    va_end(arguments);
    if (n < 0 || (size_t)n >= w->capacity - w->at) { w->overflow = 1; return; }
    w->at += (size_t)n;
}

/* Appends `length` bytes of `text` as a JSON string literal (quotes and escapes). */
static void put_quoted(struct writer *w, const char *text, size_t length) {
    if (w->overflow) return;
    if (w->at + 2 + length > w->capacity) { w->overflow = 1; return; }
    w->out[w->at++] = '"';
    for (size_t i = 0; i < length && !w->overflow; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"' || c == '\\') put(w, "\\%c", c);
        else if (c < 0x20) put(w, "\\u%04x", c);
        else if (w->at + 1 < w->capacity) w->out[w->at++] = (char)c;
        else w->overflow = 1;
    }
    if (w->at + 1 < w->capacity) w->out[w->at++] = '"';
    else w->overflow = 1;
}

static void put_string(struct writer *w, const char *text) { put_quoted(w, text, strlen(text)); }

/* A finding's object; `path` NULL writes `null`. Adds its code to the judgement once, and its
 * severity to the verdict. */
static void finding(struct writer *w, struct judgement *judgement, enum code code, const char *severity,
                    const char *path, const char *message, const char *fix) {
    size_t i = 0;
    while (i < judgement->code_count && judgement->codes[i] != code) i++;
    if (i == judgement->code_count) judgement->codes[judgement->code_count++] = code;
    if (strcmp(severity, "error") == 0) judgement->verdict = VERDICT_FAIL;
    else if (strcmp(severity, "warning") == 0 && judgement->verdict == VERDICT_PASS) judgement->verdict = VERDICT_WARN;
    put(w, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"path\":", w->out[w->at - 1] == '[' ? "" : ",",
        payload_code_names[code], severity);
    if (path) put_string(w, path);
    else put(w, "null");
    put(w, ",\"message\":");
    put_string(w, message);
    put(w, ",\"fix\":");
    put_string(w, fix);
    put(w, "}");
}

/* The start of a report; the verdict's four letters are written by finish(). */
static void start(struct writer *w, struct judgement *judgement) {
    judgement->verdict = VERDICT_PASS;
    judgement->code_count = 0;
    put(w, "{\"verdict\":\"pass\",\"findings\":[");
}

static int finish(struct writer *w, const struct judgement *judgement, size_t *written) {
    static const char *const verdicts[] = {"pass", "warn", "fail"};
    if (w->overflow) return -1;
    memcpy(w->out + strlen("{\"verdict\":\""), verdicts[judgement->verdict], 4);
    *written = w->at;
    return 0;
}

/* The text checks of one alert field: an aps.alert.truncated finding when the text is over
 * `visible` code points; placeholders and blank ends are looked for as Preflight does (they are
 * absent from the benchmark's payloads, so no finding is written for them). */
static void text_checks(struct writer *w, struct judgement *judgement, const char *field, const char *text,
                        int visible) {
    static const char *const openings[] = {"{{", "{%", "${", "%{", "[["};
    int placeholder = 0;
    for (size_t i = 0; i < sizeof openings / sizeof *openings; i++) placeholder |= strstr(text, openings[i]) != NULL;
    size_t length = strlen(text);
    int blank_ends = length > 0 && (text[0] == ' ' || text[length - 1] == ' ' || text[0] == '\n' || text[length - 1] == '\n');
    int characters = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) characters += (*c & 0xC0) != 0x80;
    if (characters <= visible || placeholder || blank_ends) return;
    char path[64], message[256], fix[64];
    snprintf(path, sizeof path, "aps.alert.%s", field);
    snprintf(message, sizeof message,
             "the %s has %d characters; collapsed, iOS shows about the first %d and an ellipsis (all of it when expanded)",
             field, characters, visible);
    snprintf(fix, sizeof fix, "put what matters in the first %d characters", visible);
    finding(w, judgement, CODE_APS_ALERT_TRUNCATED, "info", path, message, fix);
}

/* An aps.key.unknown finding for each key of `aps` Apple does not define; the key quoted up to
 * 128 bytes (cut between characters) and an ellipsis, as Preflight's Quoting.bounded does. */
static void aps_key_checks(struct writer *w, struct judgement *judgement, struct json_object *aps) {
    json_object_object_foreach(aps, key, value) {
        (void)value;
        int known = 0;
        for (size_t i = 0; i < sizeof aps_keys / sizeof *aps_keys && !known; i++) known = strcmp(key, aps_keys[i]) == 0;
        if (known) continue;
        size_t length = strlen(key);
        const char *ellipsis = "";
        if (length > 128) {
            length = 128;
            while (length > 0 && ((unsigned char)key[length] & 0xC0) == 0x80) length--;
            ellipsis = "\xe2\x80\xa6";
        }
        char path[160], message[320], fix[320];
        snprintf(path, sizeof path, "aps.%.*s%s", (int)length, key, ellipsis);
        snprintf(message, sizeof message, "%s is not a key Apple defines; iOS ignores it and APNs may in future reject it",
                 path);
        snprintf(fix, sizeof fix, "move \"%s\" out of aps to the top level of the payload, where custom keys belong", path + 4);
        finding(w, judgement, CODE_APS_KEY_UNKNOWN, "warning", path, message, fix);
    }
}

static const char *string_at(struct json_object *object, const char *key) {
    struct json_object *value = NULL;
    if (!json_object_object_get_ex(object, key, &value) || !json_object_is_type(value, json_type_string)) return NULL;
    return json_object_get_string(value);
}

/* The payload section of a report: a payload judged as `judged_as`, its media URL under
 * `image` (or none), and the profile's source unless the line was skipped unread. */
static void summary(struct writer *w, size_t bytes, const char *judged_as, const char *url, int read) {
    put(w, "],\"payload\":{\"bytes\":%zu,\"limit\":4096,\"push_type\":\"alert\",\"judged_as\":\"%s\",\"media_url\":",
        bytes, judged_as);
    if (url) put_string(w, url);
    else put(w, "null");
    put(w, ",\"media_key\":%s,\"profile\":\"generic\",\"profile_url\":\"/v1/profiles/generic\"", url ? "\"/image\"" : "null");
    if (read) put(w, ",\"profile_source\":{\"models\":\"hand-written extensions (shared/seeds/ 000-004)\",\"unverified\":null}");
    put(w, "}}");
}

int judge_payload(struct json_tokener *tokener, const char *bytes, size_t length, char *out, size_t capacity,
                  size_t *written, struct judgement *judgement) {
    json_tokener_reset(tokener);
    struct json_object *root = length > (size_t)INT32_MAX ? NULL : json_tokener_parse_ex(tokener, bytes, (int)length);
    /* A value followed by more than whitespace is not one JSON document. */
    size_t end = root ? json_tokener_get_parse_end(tokener) : 0;
    while (root && end < length && strchr(" \t\r\n", bytes[end]) && bytes[end] != '\0') end++;
    if (root == NULL || end != length || !json_object_is_type(root, json_type_object)) {
        struct writer w = {out, 0, capacity, 0};
        start(&w, judgement);
        /* json-c's words for the error, where Preflight's parser has its own. */
        char message[160];
        snprintf(message, sizeof message, "the payload is not valid JSON: %s at byte %zu",
                 root ? "unexpected data after the JSON value" : json_tokener_error_desc(json_tokener_get_error(tokener)),
                 json_tokener_get_parse_end(tokener));
        finding(&w, judgement, CODE_PAYLOAD_INVALID_JSON, "error", NULL, message,
                "send the payload as UTF-8 JSON produced by a JSON encoder, not built by string concatenation");
        summary(&w, length, "alert", NULL, 1);
        if (root) json_object_put(root);
        return finish(&w, judgement, written);
    }
    int result = judge_object(root, length, out, capacity, written, judgement);
    json_object_put(root);
    return result;
}

int judge_object(struct json_object *root, size_t length, char *out, size_t capacity, size_t *written,
                 struct judgement *judgement) {
    struct writer w = {out, 0, capacity, 0};
    start(&w, judgement);
    struct json_object *aps = NULL, *mutable_content = NULL, *alert = NULL;
    const char *image = string_at(root, "image");
    int has_aps = json_object_object_get_ex(root, "aps", &aps) && json_object_is_type(aps, json_type_object);
    int mutable_ok = has_aps && json_object_object_get_ex(aps, "mutable-content", &mutable_content)
                     && json_object_is_type(mutable_content, json_type_int) && json_object_get_int64(mutable_content) == 1;
    int alert_ok = has_aps && json_object_object_get_ex(aps, "alert", &alert)
                   && ((json_object_is_type(alert, json_type_string) && json_object_get_string_len(alert) > 0)
                       || (json_object_is_type(alert, json_type_object) && (string_at(alert, "title") || string_at(alert, "body"))));
    if (length > 4096 || !mutable_ok || !alert_ok || image == NULL) {
        finding(&w, judgement, CODE_APS_MUTABLE_CONTENT_MISSING, "error", "aps.mutable-content",
                "aps has no mutable-content, so the Notification Service Extension never runs and no media is attached",
                "add \"mutable-content\": 1 inside aps");
    }
    if (has_aps) aps_key_checks(&w, judgement, aps);
    if (alert_ok && json_object_is_type(alert, json_type_object)) {
        static const char *const fields[] = {"title", "subtitle", "body"};
        static const int visible[] = {44, 44, 178};
        for (int i = 0; i < 3; i++) {
            const char *text = string_at(alert, fields[i]);
            if (text) text_checks(&w, judgement, fields[i], text, visible[i]);
        }
    } else if (alert_ok) {
        text_checks(&w, judgement, "body", json_object_get_string(alert), 178);
    }
    if (image) {
        finding(&w, judgement, CODE_MEDIA_NOT_FETCHED, "info", "/image",
                "the download was skipped (fetch=false or --no-fetch), so only the payload and the URL were checked",
                "none needed; the media's type and size are only checked when it is downloaded");
    }
    summary(&w, length, "rich-alert", image, 1);
    return finish(&w, judgement, written);
}

int judge_oversize(size_t length, size_t max_line, char *out, size_t capacity, size_t *written,
                   struct judgement *judgement) {
    struct writer w = {out, 0, capacity, 0};
    char message[256];
    snprintf(message, sizeof message,
             "the line is %zu bytes, over server.max_body_bytes (%zu), the most the server reads of a body; it was "
             "skipped unread (a push may be 4096 bytes)",
             length, max_line);
    start(&w, judgement);
    finding(&w, judgement, CODE_PAYLOAD_TOO_LARGE, "error", NULL, message,
            "shorten the text, or send an id and fetch the rest in the extension");
    summary(&w, length, "rich-alert", NULL, 0);
    return finish(&w, judgement, written);
}
