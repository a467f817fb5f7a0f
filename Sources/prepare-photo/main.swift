print("prepare-photo: being written")
