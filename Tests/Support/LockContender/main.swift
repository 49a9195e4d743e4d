print("lock-contender")
