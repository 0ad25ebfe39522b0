/*
 * Beacon's own minimal declarations of the ONNX Runtime C ABI.
 *
 * ONNX Runtime is loaded at run time with dlopen, so nothing is needed at build time. Its OrtApi is a table of
 * function pointers that only ever grows at the end, so each function's slot number is a stable contract; the
 * slots Beacon uses are named in ort_minimal.c and checked at load by a status round-trip.
 */
#ifndef BEACON_ORT_MINIMAL_H
#define BEACON_ORT_MINIMAL_H

#include <stddef.h>
#include <stdint.h>

typedef struct OrtmStatus OrtmStatus;
typedef struct OrtmEnv OrtmEnv;
typedef struct OrtmSession OrtmSession;
typedef struct OrtmSessionOptions OrtmSessionOptions;
typedef struct OrtmValue OrtmValue;
typedef struct OrtmMemoryInfo OrtmMemoryInfo;

/* ONNXTensorElementDataType values Beacon reads. */
enum {
    ORTM_ELEMENT_FLOAT = 1,
    ORTM_ELEMENT_UINT8 = 2,
    ORTM_ELEMENT_INT8 = 3,
    ORTM_ELEMENT_INT32 = 6,
    ORTM_ELEMENT_INT64 = 7,
    ORTM_ELEMENT_BOOL = 9,
};

/* OrtErrorCode values that deserve their own message. */
enum {
    ORTM_ERROR_NO_SUCH_FILE = 3,
    ORTM_ERROR_INVALID_PROTOBUF = 7,
    ORTM_ERROR_INVALID_GRAPH = 10,
};

enum { ORTM_LOG_WARNING = 2, ORTM_LOG_ERROR = 3, ORTM_LOG_FATAL = 4 };
enum { ORTM_OPTIMIZE_ALL = 99 };

/* Opens the library, finds OrtGetApiBase, asks for `api_version` and runs the ABI self-check.
 * Returns 0 on success; otherwise writes a reason into `error` and returns:
 *   1 library could not be opened, 2 not an ONNX Runtime library, 3 API version unsupported, 4 self-check failed,
 *   5 a different ONNX Runtime library is already loaded in this process.
 * Loading the same library again after a success is a no-op that returns 0. */
int ortm_load(const char *library_path, uint32_t api_version, char *error, size_t error_length);
/* The loaded library's version string, e.g. "1.31.1"; NULL before a successful load. */
const char *ortm_version(void);
/* The path of the loaded library as the dynamic loader resolved it, or NULL. */
const char *ortm_loaded_path(void);

/* Status helpers. */
int ortm_status_code(const OrtmStatus *status);
const char *ortm_status_message(const OrtmStatus *status);
void ortm_release_status(OrtmStatus *status);

/* Environment and session options. */
OrtmStatus *ortm_create_env(int log_level, const char *log_id, OrtmEnv **env);
OrtmStatus *ortm_create_session_options(OrtmSessionOptions **options);
OrtmStatus *ortm_set_intra_op_threads(OrtmSessionOptions *options, int threads);
OrtmStatus *ortm_set_inter_op_threads(OrtmSessionOptions *options, int threads);
OrtmStatus *ortm_set_optimization_level(OrtmSessionOptions *options, int level);
OrtmStatus *ortm_add_config_entry(OrtmSessionOptions *options, const char *key, const char *value);
void ortm_release_session_options(OrtmSessionOptions *options);

/* Sessions. */
OrtmStatus *ortm_create_session(const OrtmEnv *env, const char *model_path, const OrtmSessionOptions *options,
                                OrtmSession **session);
void ortm_release_session(OrtmSession *session);
OrtmStatus *ortm_input_count(const OrtmSession *session, size_t *count);
OrtmStatus *ortm_output_count(const OrtmSession *session, size_t *count);
/* The name is copied into `buffer` (NUL-terminated, truncated to fit). */
OrtmStatus *ortm_input_name(const OrtmSession *session, size_t index, char *buffer, size_t buffer_length);
OrtmStatus *ortm_output_name(const OrtmSession *session, size_t index, char *buffer, size_t buffer_length);
/* Element type and shape (-1 for a dynamic dimension); `rank` receives the full rank even when it exceeds max_rank. */
OrtmStatus *ortm_input_shape(const OrtmSession *session, size_t index, int *element_type, int64_t *dims,
                             size_t max_rank, size_t *rank);
OrtmStatus *ortm_output_shape(const OrtmSession *session, size_t index, int *element_type, int64_t *dims,
                              size_t max_rank, size_t *rank);
/* A custom metadata value, newly allocated with malloc (free it with free), or NULL in *value when absent. */
OrtmStatus *ortm_metadata_value(const OrtmSession *session, const char *key, char **value);

/* Tensors. The float tensor wraps caller memory without copying: keep it alive until the value is released. */
OrtmStatus *ortm_create_cpu_memory_info(OrtmMemoryInfo **info);
void ortm_release_memory_info(OrtmMemoryInfo *info);
OrtmStatus *ortm_create_tensor(const OrtmMemoryInfo *info, void *data, size_t byte_length, const int64_t *shape,
                               size_t rank, int element_type, OrtmValue **value);
void ortm_release_value(OrtmValue *value);
OrtmStatus *ortm_tensor_data(OrtmValue *value, void **data);
OrtmStatus *ortm_tensor_shape(const OrtmValue *value, int *element_type, int64_t *dims, size_t max_rank, size_t *rank);

/* Inference. */
OrtmStatus *ortm_run(OrtmSession *session, const char *const *input_names, const OrtmValue *const *inputs,
                     size_t input_count, const char *const *output_names, size_t output_count, OrtmValue **outputs);

#endif
