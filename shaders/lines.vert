#version 450 core
// Coloured lines and triangles: block outline, chunk boxes, frozen frustum, crosshair.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_colour;
uniform mat4 u_matrix;
out vec4 v_colour;
void main() {
    v_colour = a_colour;
    gl_Position = u_matrix * vec4(a_position, 1.0);
}
