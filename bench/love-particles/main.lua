-- The LÖVE reference for `kiln bench particles --window`: issue 4's workload on LÖVE's own
-- ParticleSystem, timed the same way (update + clear + draw + present, vsync off), printing
-- the same JSON line. Run: love bench/love-particles [--count N] [--frames F]
-- Limits: the window size comes from conf.lua (1280×800); needs a display.

local function option(args, name, default)
    for i, value in ipairs(args) do
        if value == name and args[i + 1] then return tonumber(args[i + 1]) end
    end
    return default
end

-- Nearest rank, as kiln reports it.
local function percentile(sorted, p)
    local rank = math.max(1, math.min(#sorted, math.ceil(p / 100 * #sorted)))
    return sorted[rank]
end

local function makeSystem(count, width, height)
    local pixels = love.image.newImageData(4, 4)
    pixels:mapPixel(function() return 1, 0, 0, 1 end)
    local image = love.graphics.newImage(pixels)
    image:setFilter("linear", "linear")
    local system = love.graphics.newParticleSystem(image, math.ceil(count * 1.1 * 1.25) + 16)
    system:setPosition(width / 2, height / 2)
    system:setEmissionArea("uniform", 16, 16)
    system:setDirection(-math.pi / 2)
    system:setSpread(math.pi)
    system:setSpeed(60, 320)
    system:setLinearAcceleration(0, 400, 0, 400)
    system:setParticleLifetime(0.9, 1.1)
    system:setEmissionRate(count)
    system:setSizes(2, 0.5)
    system:setColors(1, 1, 1, 1, 1, 1, 1, 0)
    system:start()
    return system
end

function love.run()
    local args = arg or {}
    local count, frames = option(args, "--count", 20000), option(args, "--frames", 600)
    local width, height = love.graphics.getDimensions()
    local system = makeSystem(count, width, height)
    local dt = 1 / 60
    for _ = 1, 99 do system:update(dt) end -- 1.65 s
    local times = {}
    return function()
        for frame = -59, frames do
            love.event.pump()
            for name in love.event.poll() do
                if name == "quit" then return 0 end
            end
            local start = love.timer.getTime()
            system:update(dt)
            love.graphics.clear(0, 0, 0, 1)
            love.graphics.draw(system)
            love.graphics.present()
            if frame >= 1 then times[frame] = (love.timer.getTime() - start) * 1000 end
        end
        local sum = 0
        for _, t in ipairs(times) do sum = sum + t end
        table.sort(times)
        local name, version, vendor, device = love.graphics.getRendererInfo()
        print(string.format(
            '{"bench":"particles","count":%d,"alive":%d,"frames":%d,"mean_ms":%.3f,"p50_ms":%.3f,"p99_ms":%.3f,"renderer":"%s %s, %s"}',
            count, system:getCount(), #times, sum / #times, percentile(times, 50), percentile(times, 99),
            name, version, device))
        return 0
    end
end
