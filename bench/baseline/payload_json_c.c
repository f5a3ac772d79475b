/* The second baseline, doing Preflight's work: what a team writing the service in C would ship
 * for the payload-only path. libmicrohttpd with the same daemon flags as hello_mhd.c and
 * Preflight, the body collected per connection, parsed with json-c (Debian's libjson-c-dev),
 * checked for size (4096), `aps.mutable-content == 1`, an alert with text and a media URL under
 * `image`, the text checks Preflight makes (a template placeholder, blank ends, the characters
 * of title, subtitle and body against 44/44/178, counted as code points), and answered with a
 * report of the same shape and size as Preflight's for bench/payload-1k.json.
 * Build: cc -O2 -o payload_json_c payload_json_c.c -lmicrohttpd -ljson-c ; run: ./payload_json_c PORT */
#include <json-c/json.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct upload {
    char *bytes;
    size_t length;
    size_t capacity;
};

static const char *string_at(struct json_object *object, const char *key) {
    struct json_object *value = NULL;
    if (!json_object_object_get_ex(object, key, &value) || !json_object_is_type(value, json_type_string)) return NULL;
    return json_object_get_string(value);
}

/* Appends a JSON string literal (quotes and escapes) to `out`; returns the new length. */
static size_t quoted(char *out, size_t at, size_t capacity, const char *text) {
    if (at < capacity) out[at++] = '"';
    for (const char *c = text; *c && at + 7 < capacity; c++) {
        if (*c == '"' || *c == '\\') { out[at++] = '\\'; out[at++] = *c; }
        else if ((unsigned char)*c < 0x20) at += (size_t)snprintf(out + at, capacity - at, "\\u%04x", *c);
        else out[at++] = *c;
    }
    if (at < capacity) out[at++] = '"';
    return at;
}

/* The text checks of one alert field: writes an aps.alert.truncated finding (and its comma) into
 * `extra` when the text is over `visible` code points; placeholders and blank ends are looked for
 * as Preflight does (they are absent from the benchmark's payload, so no finding is written). */
static size_t text_checks(char *extra, size_t at, size_t capacity, const char *field, const char *text, int visible) {
    static const char *openings[] = {"{{", "{%", "${", "%{", "[["};
    int placeholder = 0;
    for (size_t i = 0; i < sizeof openings / sizeof *openings; i++) placeholder |= strstr(text, openings[i]) != NULL;
    size_t length = strlen(text);
    int blank_ends = length > 0 && (text[0] == ' ' || text[length - 1] == ' ' || text[0] == '\n' || text[length - 1] == '\n');
    int characters = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) characters += (*c & 0xC0) != 0x80;
    if (characters > visible && !placeholder && !blank_ends) {
        at += (size_t)snprintf(extra + at, capacity - at,
                               "{\"code\":\"aps.alert.truncated\",\"severity\":\"info\",\"path\":\"aps.alert.%s\",\"message\":"
                               "\"the %s has %d characters; collapsed, iOS shows about the first %d and an ellipsis (all of it "
                               "when expanded)\",\"fix\":\"put what matters in the first %d characters\"},",
                               field, field, characters, visible, visible);
    }
    return at < capacity ? at : capacity - 1;
}

static size_t report(char *out, size_t capacity, size_t bytes, const char *verdict, const char *extra, const char *code,
                     const char *severity, const char *path, const char *message, const char *fix,
                     const char *url) {
    size_t at = (size_t)snprintf(out, capacity, "{\"verdict\":\"%s\",\"findings\":[%s{\"code\":\"%s\",\"severity\":\"%s\",\"path\":",
                                 verdict, extra, code, severity);
    at = quoted(out, at, capacity, path);
    at += (size_t)snprintf(out + at, capacity - at, ",\"message\":");
    at = quoted(out, at, capacity, message);
    at += (size_t)snprintf(out + at, capacity - at, ",\"fix\":");
    at = quoted(out, at, capacity, fix);
    at += (size_t)snprintf(out + at, capacity - at,
                           "}],\"payload\":{\"bytes\":%zu,\"limit\":4096,\"push_type\":\"alert\","
                           "\"judged_as\":\"rich-alert\",\"media_url\":", bytes);
    if (url) at = quoted(out, at, capacity, url);
    else at += (size_t)snprintf(out + at, capacity - at, "null");
    at += (size_t)snprintf(out + at, capacity - at, ",\"media_key\":\"/image\",\"profile\":\"generic\"}}");
    return at < capacity ? at : capacity - 1;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version;
    struct upload *upload = *state;
    if (upload == NULL) {
        upload = calloc(1, sizeof *upload);
        if (upload == NULL) return MHD_NO;
        *state = upload;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        if (upload->length + *upload_data_size > 65536) return MHD_NO;
        if (upload->length + *upload_data_size > upload->capacity) {
            size_t capacity = upload->capacity ? upload->capacity * 2 : 4096;
            while (capacity < upload->length + *upload_data_size) capacity *= 2;
            char *grown = realloc(upload->bytes, capacity);
            if (grown == NULL) return MHD_NO;
            upload->bytes = grown;
            upload->capacity = capacity;
        }
        memcpy(upload->bytes + upload->length, upload_data, *upload_data_size);
        upload->length += *upload_data_size;
        *upload_data_size = 0;
        return MHD_YES;
    }
    char *out = malloc(2048);
    if (out == NULL) return MHD_NO;
    size_t length;
    unsigned int status = MHD_HTTP_OK;
    struct json_tokener *tokener = json_tokener_new();
    struct json_object *root = tokener ? json_tokener_parse_ex(tokener, upload->bytes ? upload->bytes : "", (int)upload->length) : NULL;
    if (root == NULL || !json_object_is_type(root, json_type_object)) {
        status = 422;
        length = report(out, 2048, upload->length, "fail", "", "payload.invalid-json", "error", "", "the payload is not valid JSON",
                        "send the payload as UTF-8 JSON", NULL);
    } else {
        struct json_object *aps = NULL, *mutable_content = NULL, *alert = NULL;
        const char *image = string_at(root, "image");
        int has_aps = json_object_object_get_ex(root, "aps", &aps) && json_object_is_type(aps, json_type_object);
        int mutable_ok = has_aps && json_object_object_get_ex(aps, "mutable-content", &mutable_content)
                         && json_object_is_type(mutable_content, json_type_int) && json_object_get_int64(mutable_content) == 1;
        int alert_ok = has_aps && json_object_object_get_ex(aps, "alert", &alert)
                       && ((json_object_is_type(alert, json_type_string) && json_object_get_string_len(alert) > 0)
                           || (json_object_is_type(alert, json_type_object) && (string_at(alert, "title") || string_at(alert, "body"))));
        char extra[1024] = "";
        size_t extra_length = 0;
        if (alert_ok && json_object_is_type(alert, json_type_object)) {
            static const char *fields[] = {"title", "subtitle", "body"};
            static const int visible[] = {44, 44, 178};
            for (int i = 0; i < 3; i++) {
                const char *text = string_at(alert, fields[i]);
                if (text) extra_length = text_checks(extra, extra_length, sizeof extra, fields[i], text, visible[i]);
            }
        } else if (alert_ok) {
            extra_length = text_checks(extra, extra_length, sizeof extra, "body", json_object_get_string(alert), 178);
        }
        if (upload->length > 4096 || !mutable_ok || !alert_ok || image == NULL) {
            status = 422;
            length = report(out, 2048, upload->length, "fail", extra, "aps.mutable-content.missing", "error", "aps.mutable-content",
                            "aps has no mutable-content", "add \"mutable-content\": 1 inside aps", image);
        } else {
            length = report(out, 2048, upload->length, "pass", extra, "media.not-fetched", "info", "/image",
                            "the download was skipped (fetch=false or --no-fetch), so only the payload and the URL were checked",
                            "none needed; the media's type and size are only checked when it is downloaded", image);
        }
    }
    if (root) json_object_put(root);
    if (tokener) json_tokener_free(tokener);
    struct MHD_Response *response = MHD_create_response_from_buffer(length, out, MHD_RESPMEM_MUST_FREE);
    if (response == NULL) { free(out); return MHD_NO; }
    if (MHD_add_response_header(response, "Content-Type", "application/json") != MHD_YES) {
        MHD_destroy_response(response);
        return MHD_NO;
    }
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static void completed(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    struct upload *upload = *state;
    if (upload) { free(upload->bytes); free(upload); *state = NULL; }
}

int main(int argc, char **argv) {
    unsigned short port = argc > 1 ? (unsigned short)atoi(argv[1]) : 8082;
    unsigned int threads = (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, port, NULL,
        NULL, answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_CONNECTION_LIMIT, 4096u, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u, MHD_OPTION_NOTIFY_COMPLETED,
        completed, NULL, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start on port %u\n", port); return 1; }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_BLOCK, &set, NULL);
    int sig;
    sigwait(&set, &sig);
    MHD_stop_daemon(daemon);
    return 0;
}
