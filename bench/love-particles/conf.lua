-- LÖVE 11.4 settings for the particle reference: a plain 1280×800 window, vsync off, no audio.
function love.conf(t)
    t.identity = "kiln-bench-particles"
    t.version = "11.4"
    t.window.title = "love particles"
    t.window.width = 1280
    t.window.height = 800
    t.window.vsync = 0
    t.window.resizable = false
    t.modules.audio = false
    t.modules.sound = false
    t.modules.joystick = false
    t.modules.physics = false
    t.modules.video = false
end
