/**
 * Imported for its effect, before any session is created. onnxruntime keeps a persistent device
 * id for its telemetry (~/.cache/Microsoft/DeveloperTools/.onnxruntime) unless
 * ORT_DISABLE_TELEMETRY is set when its environment starts. A clinic's server has no use for
 * one, so pawlens sets it unless the operator chose a value.
 */
process.env.ORT_DISABLE_TELEMETRY ??= '1';
