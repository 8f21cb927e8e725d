raise RuntimeError("this plugin needs a setting it cannot find")
