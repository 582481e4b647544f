#pragma once
// The one include of the OpenGL loader. Only src/gfx/ includes this file.
#include <glad/gl.h>
