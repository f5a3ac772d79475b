/* The second baseline, doing Preflight's work: what a team writing the service in C would ship
 * for the payload-only path. libmicrohttpd with the same daemon flags as hello_mhd.c and
 * Preflight, the body collected per connection, judged by payload_checks.c (json-c, Debian's
 * libjson-c-dev; the checks bulk_json_c.c makes of each line), answered with the report, 422
 * when it fails: byte for byte Preflight's for bench/payload-1k.json (c-baseline.sh checks it).
 * `POST /v1/preflight/batch` takes `{"items": [{"payload": {...}, "headers": {...}}, ...]}` (1 to 100
 * items, up to 1 MiB, as Preflight's batch) and answers `{"results": [...]}`: the body parsed once,
 * each item's payload written back compact for its byte count (json-c keeps no offsets into the
 * text) and judged as parsed (judge_object), its report written straight into the answer; the
 * same bytes as Preflight's batch of bench/payload-1k.json items (batch.sh checks it).
 * Build: cc -O2 -Wall -Wextra -Werror -o payload_json_c payload_json_c.c payload_checks.c -lmicrohttpd -ljson-c
 * Run: ./payload_json_c PORT [THREADS] [pool]   (worker threads, one per core by default, as Preflight;
 *      `pool`: one daemon and its pool of workers instead of a daemon per worker) */
#include "daemons.h"
#include "payload_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct upload {
    char *bytes;
    size_t length;
    size_t capacity;
};

/* The most a body may hold: a push's route, and a batch's (Preflight's server.max_body_bytes and
 * server.max_batch_body_bytes). */
#define MAX_BODY 65536
#define MAX_BATCH_BODY 1048576
#define MAX_ITEMS 100
/* Room for one item's report in a batch's answer (judge_payload's 2048). */
#define REPORT_ROOM 2048
/* The answer to a batch body of `length` bytes into a new `*answer` of `*answer_length` bytes
 * (the caller frees it): 0; -1 for a body that is not a batch of 1 to 100 payload objects (the
 * baseline answers 400 with no body; Preflight words its 400). */
static int judge_batch(const char *bytes, size_t length, char **answer, size_t *answer_length) {
    struct json_tokener *tokener = json_tokener_new();
    if (tokener == NULL) return -1;
    struct json_object *root = json_tokener_parse_ex(tokener, bytes, (int)length);
    /* One JSON value, and nothing after it but whitespace (as judge_payload reads a payload). */
    size_t end = root != NULL ? json_tokener_get_parse_end(tokener) : 0;
    while (root != NULL && end < length && strchr(" \t\r\n", bytes[end]) != NULL && bytes[end] != '\0') end++;
    json_tokener_free(tokener);
    struct json_object *items = NULL;
    char *out = NULL;
    if (root == NULL || end != length || !json_object_object_get_ex(root, "items", &items)
        || !json_object_is_type(items, json_type_array) || json_object_array_length(items) == 0
        || json_object_array_length(items) > MAX_ITEMS) {
        goto refuse;
    }
    static const char head[] = "{\"results\":[";
    size_t count = json_object_array_length(items);
    out = malloc(sizeof head - 1 + count * (REPORT_ROOM + 1) + 2);
    if (out == NULL) goto refuse;
    memcpy(out, head, sizeof head - 1);
    size_t at = sizeof head - 1;
    for (size_t i = 0; i < count; i++) {
        struct json_object *payload = NULL;
        size_t compact = 0, written = 0;
        struct judgement judgement;
        if (!json_object_object_get_ex(json_object_array_get_idx(items, i), "payload", &payload)
            || !json_object_is_type(payload, json_type_object)
            || json_object_to_json_string_length(payload, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE,
                                                 &compact) == NULL) {
            goto refuse;
        }
        if (i > 0) out[at++] = ',';
        if (judge_object(payload, compact, out + at, REPORT_ROOM, &written, &judgement) != 0) goto refuse;
        at += written;
    }
    memcpy(out + at, "]}", 2);
    *answer = out;
    *answer_length = at + 2;
    json_object_put(root);
    return 0;
refuse:
    free(out);
    json_object_put(root);
    return -1;
}

/* Queues `length` bytes of `body` (malloc'd, freed with the response; NULL for none) as a JSON
 * answer with `status`. */
static enum MHD_Result respond(struct MHD_Connection *connection, unsigned int status, char *body, size_t length) {
    struct MHD_Response *response = body != NULL
        ? MHD_create_response_from_buffer(length, body, MHD_RESPMEM_MUST_FREE)
        : MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) { free(body); return MHD_NO; }
    if (MHD_add_response_header(response, "Content-Type", "application/json") != MHD_YES) {
        MHD_destroy_response(response);
        return MHD_NO;
    }
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)method; (void)version;
    int batch = strcmp(url, "/v1/preflight/batch") == 0;
    struct upload *upload = *state;
    if (upload == NULL) {
        upload = calloc(1, sizeof *upload);
        if (upload == NULL) return MHD_NO;
        *state = upload;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        if (upload->length + *upload_data_size > (batch ? MAX_BATCH_BODY : MAX_BODY)) return MHD_NO;
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
    const char *body = upload->bytes ? upload->bytes : "";
    if (batch) {
        char *out = NULL;
        size_t length = 0;
        if (judge_batch(body, upload->length, &out, &length) != 0) return respond(connection, MHD_HTTP_BAD_REQUEST, NULL, 0);
        return respond(connection, MHD_HTTP_OK, out, length);
    }
    char *out = malloc(2048);
    if (out == NULL) return MHD_NO;
    size_t length;
    struct judgement judgement;
    struct json_tokener *tokener = json_tokener_new();
    if (tokener == NULL || judge_payload(tokener, body, upload->length, out, 2048, &length, &judgement) != 0) {
        if (tokener) json_tokener_free(tokener);
        free(out);
        return MHD_NO;
    }
    json_tokener_free(tokener);
    return respond(connection, judgement.verdict == VERDICT_FAIL ? 422 : MHD_HTTP_OK, out, length);
}

static void completed(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    struct upload *upload = *state;
    if (upload) { free(upload->bytes); free(upload); *state = NULL; }
}

int main(int argc, char **argv) {
    unsigned short port = argc > 1 ? (unsigned short)atoi(argv[1]) : 8082;
    unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
    int pool = argc > 3 && strcmp(argv[3], "pool") == 0;
    if (threads == 0 || threads > MAX_DAEMONS || (argc > 3 && !pool)) {
        fprintf(stderr, "usage: payload_json_c PORT [THREADS (1 to %d)] [pool]\n", MAX_DAEMONS);
        return 1;
    }
    struct daemons daemons;
    if (start_daemons(&daemons, port, threads, pool, answer, completed) != 0) return 1;
    return serve_until_signal(&daemons, "payload_json_c: signals");
}
