print("assess")
