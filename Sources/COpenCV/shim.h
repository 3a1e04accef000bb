// OpenCV's headers are C++; this module exists to carry opencv4's pkg-config
// flags (include path, libraries) to CFaceDetect. Only the plain-C version
// macros are exposed here.
#include <opencv2/core/version.hpp>
