/// An input script that uses every kind of step, with its POINT placeholders filled in.
public let everyStepScript = """
{"scene": "laser", "device": "iphone-14", "seed": 1, "steps": [
  {"wait": 0.5},
  {"down": {"at": [100, 200], "pointer": "pen", "pressure": 0.3}},
  {"move": {"to": {"layer": "laser", "anchor": [0.5, 0], "offset": [0, -10]}, "duration": 0.8, "curve": "easeInOut", "pressure": [0.3, 0.6]}},
  {"hold": {"duration": 1.0, "pressure": [0.6, 0.9]}},
  {"up": {}},
  {"drag": {"from": {"layer": "card"}, "to": [200, 700], "duration": 1.2, "curve": "easeInOut"}},
  {"press": {"at": [195, 400], "duration": 2.5, "pointer": "pen", "pressure": [0.0, 0.8]}},
  {"tap": {"at": {"layer": "undo"}}},
  {"key": "ctrl+z"},
  {"events": [{"t": 0.0, "phase": "began", "x": 10, "y": 20, "pointer": "pen", "pressure": 0.1}]},
  {"pinch": {"center": {"layer": "card"}, "from": 80, "scale": 2.5, "angle": 30, "duration": 0.6}},
  {"rotate": {"center": [195, 420], "distance": 160, "from": 0, "to": 90, "curve": "easeOut"}},
  {"fingers": [{"from": [100, 600], "to": [100, 400]}, {"path": [{"t": 0.1, "at": [250, 600]}, {"t": 0.4, "at": [250, 400], "curve": "easeIn"}]}]}
]}
"""
